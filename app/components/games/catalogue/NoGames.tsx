import { useTranslation } from "#app/i18n/use-translation.ts";

/** The 'No Data' state of an empty game list, with a way back to every game of the page. */
export function NoGames({ resetHref }: { resetHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-panel px-4 py-8 text-center text-sm text-white/70" data-testid="no-games">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" className="text-white/35">
        <rect x="6" y="12" width="36" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M6 20h36" stroke="currentColor" strokeWidth="3" />
      </svg>
      <p className="text-base font-bold text-white">{t("casino.noData")}</p>
      <p>{t("casino.noDataHint")}</p>
      <a href={resetHref} className="btn-secondary">
        {t("casino.showAll")}
      </a>
    </div>
  );
}
