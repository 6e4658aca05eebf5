import { useTranslation } from "#app/i18n/use-translation.ts";
import { useLocation } from "react-router";

/** A plain form (works without JavaScript); the page reloads so the new language's catalogue is loaded. */
export function LanguageSwitch({ locale, compact = false }: { locale: string; compact?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const next = locale === "bn" ? "en" : "bn";
  return (
    <form method="post" action="/language" className="inline">
      <input type="hidden" name="lng" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={compact ? "lang-btn" : "lang-btn lang-btn-wide"} data-testid="language-switch" lang={next}>
        {compact ? (next === "bn" ? "বাংলা" : "EN") : next === "bn" ? t("common.bangla") : t("common.english")}
      </button>
    </form>
  );
}
