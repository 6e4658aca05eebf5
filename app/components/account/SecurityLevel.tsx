import { useTranslation } from "#app/i18n/use-translation.ts";

export type Level = "unverified" | "normal" | "safe";
const steps: Level[] = ["unverified", "normal", "safe"];
const colour: Record<Level, string> = { unverified: "bg-red-400", normal: "bg-brand", safe: "bg-accent" };

/** Security level of spec section 4 as a three-step bar, with what to do next. */
export function SecurityLevel({ level }: { level: Level }) {
  const { t } = useTranslation();
  const reached = steps.indexOf(level);
  return (
    <section className="rounded-xl bg-panel p-4" aria-labelledby="security-level" data-testid="security-level">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="security-level" className="text-sm font-semibold text-white/80">
          {t("account.securityLevel")}
        </h2>
        <span className="text-sm font-bold" data-level={level}>
          {t(`account.security.${level}`)}
        </span>
      </div>
      <div className="mb-2 grid grid-cols-3 gap-1" aria-hidden="true">
        {steps.map((step, i) => (
          <span key={step} className={`h-1.5 rounded-full ${i <= reached ? colour[level] : "bg-white/15"}`} />
        ))}
      </div>
      <p className="text-xs text-white/60">{level === "safe" ? t("account.securityTipSafe") : t("account.securityTip")}</p>
    </section>
  );
}
