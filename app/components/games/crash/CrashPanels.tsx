// The Crash page's lists: bets of this round (updated live from the stream) and the published chain.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { groupWhole } from "#app/components/payments/format.ts";
import type { BetView, CrashView } from "#app/modules/games/index.ts";

/** The head of a table of Crash bets (this round's on the game page, a round's on its page). */
export function CrashBetsHead() {
  const { t } = useTranslation();
  return (
    <thead className="text-white/60">
      <tr>
        <th className="text-left font-normal">{t("crash.player")}</th>
        <th className="pl-2 text-right font-normal">{t("crash.betStake")}</th>
        <th className="pl-2 text-right font-normal">{t("crash.cashedAt")}</th>
        <th className="pl-2 text-right font-normal">{t("crash.payout")}</th>
      </tr>
    </thead>
  );
}

export function BetsPanel({ bets }: { bets: BetView[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" data-testid="crash-bets">
      <h2 className="mb-2 text-sm font-semibold">{t("crash.bets")}</h2>
      {bets.length === 0 ? (
        <p className="text-xs text-white/60">{t("crash.noBets")}</p>
      ) : (
        <table className="w-full whitespace-nowrap text-xs" aria-live="polite">
          <CrashBetsHead />
          <tbody className="tabular-nums">
            {bets.map((b) => (
              <tr
                key={b.betId}
                data-testid="crash-bet-row"
                data-status={b.status}
                className={b.status === "cashed" ? "text-emerald-300" : b.status === "lost" ? "text-white/50" : ""}
              >
                <td>{b.name}</td>
                <td className="pl-2 text-right">{b.stake}</td>
                <td className="pl-2 text-right">{b.cashoutAt ? `${b.cashoutAt}×` : "–"}</td>
                <td className="pl-2 text-right" title={b.maxPayout ? t("crash.betMaxPayout", { amount: b.maxPayout }) : undefined}>
                  {b.status === "cashed" ? b.payout : "–"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function FairnessPanel({ chain }: { chain: CrashView["chain"] }) {
  const { t } = useTranslation();
  if (!chain) return null;
  return (
    <section className="rounded-xl bg-panel p-3 text-xs" data-testid="crash-fairness">
      <h2 className="mb-1 text-sm font-semibold">{t("crash.fairness")}</h2>
      <p className="mb-2 text-white/70">{t("crash.fairnessText")}</p>
      <dl className="space-y-1">
        <dt className="text-white/60">{t("crash.terminatingHash")}</dt>
        <dd className="break-all font-mono" data-testid="crash-terminating-hash">
          {chain.terminatingHash}
        </dd>
        <dt className="text-white/60">{t("crash.salt")}</dt>
        <dd className="break-all font-mono">{chain.salt}</dd>
      </dl>
      <p className="mt-1 text-white/60">{t("crash.chainLength", { n: groupWhole(chain.length) })}</p>
    </section>
  );
}
