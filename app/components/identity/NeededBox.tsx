import { useTranslation } from "#app/i18n/use-translation.ts";

export type NeededCheck = "birthday" | "phone" | "email" | "documents";

const links: Record<NeededCheck, string> = {
  birthday: "/account/verification",
  phone: "/profile",
  email: "/profile",
  documents: "/account/verification",
};

/** The checks the operator still needs before a deposit, each a link to where it is done. Needs the "identity" area. */
export function NeededBox({ missing }: { missing: NeededCheck[] }) {
  const { t } = useTranslation();
  if (!missing.length) return null;
  return (
    <section
      className="mb-4 rounded-xl border border-amber-400/40 bg-amber-400/10 p-4"
      aria-labelledby="identity-needed"
      data-testid="identity-needed"
    >
      <h2 id="identity-needed" className="mb-1 text-sm font-semibold">
        {t("identity.needed.title")}
      </h2>
      <p className="mb-2 text-sm text-white/80">{t("identity.needed.intro")}</p>
      <ul className="mb-2 list-disc space-y-1 pl-5 text-sm">
        {missing.map((m) => (
          <li key={m} data-missing={m}>
            <a href={links[m]} className="text-brand underline">
              {t(`identity.needed.item.${m}`)}
            </a>
          </li>
        ))}
      </ul>
      <a href="/account/verification" className="text-xs text-brand">
        {t("identity.needed.open")} ›
      </a>
    </section>
  );
}
