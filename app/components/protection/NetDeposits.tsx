import { useTranslation } from "#app/i18n/use-translation.ts";
import type { NetDepositsText } from "#app/modules/protection/index.server.ts";

const windows = ["days30", "months12", "lifetime"] as const;

/** Net deposits per window: the full table (account history) or the compact panel (transaction record). */
export function NetDeposits({ net, compact = false }: { net: NetDepositsText; compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <section className="mb-3 rounded-xl bg-panel p-3" aria-labelledby="net-deposits-title" data-testid="net-deposits-panel">
        <div className="mb-2 flex items-baseline justify-between gap-2">
          <h2 id="net-deposits-title" className="text-sm font-semibold">
            {t("protectionReality.panel.title")}
          </h2>
          <a href="/account/responsible-gaming/history" className="text-xs text-brand underline">
            {t("protectionReality.panel.more")}
          </a>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {windows.map((w) => (
            <div key={w} className="rounded-lg bg-ink p-2" data-testid={`net-deposits-${w}`}>
              <dt className="text-[0.7rem] text-white/60">{t(`protectionReality.history.windows.${w}`)}</dt>
              <dd className="text-sm font-bold tabular-nums">{net[w].net}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl bg-panel p-3" data-testid="net-deposits">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-white/60">
            <th scope="col" className="py-1 pr-2 font-normal">
              <span className="sr-only">{t("protectionReality.history.net")}</span>
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-normal">
              {t("protectionReality.history.deposits")}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-normal">
              {t("protectionReality.history.withdrawals")}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {t("protectionReality.history.net")}
            </th>
          </tr>
        </thead>
        <tbody>
          {windows.map((w) => (
            <tr key={w} className="border-t border-white/10" data-testid={`net-deposits-${w}`}>
              <th scope="row" className="py-2 pr-2 text-left font-semibold">
                {t(`protectionReality.history.windows.${w}`)}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{net[w].deposits}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{net[w].withdrawals}</td>
              <td className="py-2 text-right font-bold tabular-nums" data-testid={`net-deposits-${w}-net`}>
                {net[w].net}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
