import { useTranslation } from "#app/i18n/use-translation.ts";
import { LogoutButton } from "#app/components/layout/LogoutButton.tsx";

export type RealityFiguresView = { elapsed: string; net: string; netSign: -1 | 0 | 1 };

/** Time since log-in and net win/loss since log-in; null while they load. */
export function RealityFigures({ figures }: { figures: RealityFiguresView | null }) {
  const { t } = useTranslation();
  const loading = t("protectionReality.check.loading");
  return (
    <dl className="my-3 grid grid-cols-2 gap-2 text-center" data-testid="reality-figures">
      <div className="rounded-lg bg-ink p-3">
        <dt className="text-xs text-white/60">{t("protectionReality.check.elapsed")}</dt>
        <dd className="text-lg font-bold tabular-nums text-white" data-testid="reality-elapsed">
          {figures?.elapsed ?? loading}
        </dd>
      </div>
      <div className="rounded-lg bg-ink p-3">
        <dt className="text-xs text-white/60">{t("protectionReality.check.net")}</dt>
        <dd
          className={`text-lg font-bold tabular-nums ${figures && figures.netSign < 0 ? "text-red-400" : figures && figures.netSign > 0 ? "text-emerald-400" : "text-white"}`}
          data-testid="reality-net"
        >
          {figures?.net ?? loading}
        </dd>
      </div>
    </dl>
  );
}

/** The history and the way out, shown under every reality check. */
export function RealityLinks() {
  const { t } = useTranslation();
  return (
    <div className="mt-4 text-sm" data-testid="reality-links">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-white/50">{t("protectionReality.check.historyTitle")}</h3>
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1">
        <li>
          <a className="text-brand underline" href="/betting-record">
            {t("protectionReality.check.bettingRecord")}
          </a>
        </li>
        <li>
          <a className="text-brand underline" href="/transaction-record">
            {t("protectionReality.check.transactionRecord")}
          </a>
        </li>
        <li>
          <a className="text-brand underline" href="/account/responsible-gaming/history">
            {t("protectionReality.check.accountHistory")}
          </a>
        </li>
      </ul>
      {/* A div, not a p: the log-out button is a form, which HTML does not allow inside a paragraph. */}
      <div className="flex flex-wrap items-center gap-2">
        <span>{t("protectionReality.check.stop")}</span>
        <LogoutButton className="btn-secondary px-3 py-1 text-sm" />
      </div>
    </div>
  );
}
