// Manual | Auto on a house game's page: links (?mode=), so they work without JavaScript.
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation.ts";

export function AutoTabs({ path, mode }: { path: string; mode: "manual" | "auto" }) {
  const { t } = useTranslation();
  return (
    <nav className="mb-3 grid grid-cols-2 gap-2 text-center text-sm font-semibold" aria-label={t("house.auto.tabs")}>
      {(["manual", "auto"] as const).map((m) => (
        <Link
          key={m}
          to={`${path}?mode=${m}`}
          replace
          preventScrollReset
          aria-current={mode === m ? "page" : undefined}
          className={`rounded-lg px-3 py-2 ${mode === m ? "bg-[var(--color-brand)] text-black" : "bg-panel text-white/80"}`}
          data-testid={`tab-${m}`}
        >
          {t(`house.auto.${m}`)}
        </Link>
      ))}
    </nav>
  );
}
