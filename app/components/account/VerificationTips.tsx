import { useTranslation } from "#app/i18n/use-translation.ts";

export type MissingVerification = "birthday" | "phone" | "email";

/** What the player still has to verify, each a link to /profile; gone once everything is done. */
export function VerificationTips({ missing }: { missing: MissingVerification[] }) {
  const { t } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <section
      className="rounded-xl border border-amber-400/40 bg-amber-500/10 p-4"
      aria-labelledby="verification-tips"
      data-testid="verification-tips"
    >
      <h2 id="verification-tips" className="mb-1 text-sm font-bold text-amber-200">
        {t("centre.tips.title")}
      </h2>
      {/* Only the birthday and the phone hold up withdrawals; a missing e-mail alone only keeps the account below Safe. */}
      <p className="mb-2 text-xs text-white/70">{t(missing.some((m) => m !== "email") ? "centre.tips.text" : "centre.tips.emailOnly")}</p>
      <ul className="flex flex-col gap-1">
        {missing.map((m) => (
          <li key={m} data-missing={m}>
            <a href="/profile" className="flex items-center gap-2 text-sm text-brand underline-offset-2 hover:underline">
              <span aria-hidden="true">!</span>
              {t(`centre.tips.${m}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
