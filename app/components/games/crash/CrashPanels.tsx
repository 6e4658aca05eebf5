// The Crash page's lists: bets of this round, recent rounds with their hashes, the published chain.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { groupWhole } from "#app/components/payments/format.ts";
import { multiplierText, type BetView, type CrashView, type HistoryView, verifyHref } from "#app/modules/games/index.ts";
import { takaText } from "#app/kernel/money.ts";
import type { LiveBet } from "./use-crash-live.ts";

export function BetsPanel({ bets, live }: { bets: BetView[]; live: LiveBet[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" data-testid="crash-bets">
      <h2 className="mb-2 text-sm font-semibold">{t("crash.bets")}</h2>
      {bets.length === 0 && live.length === 0 ? <p className="text-xs text-white/60">{t("crash.noBets")}</p> : null}
      {bets.length > 0 ? (
        <table className="w-full text-xs">
          <thead className="text-white/60">
            <tr>
              <th className="text-left font-normal">{t("crash.player")}</th>
              <th className="text-right font-normal">{t("crash.betStake")}</th>
              <th className="text-right font-normal">{t("crash.cashedAt")}</th>
              <th className="text-right font-normal">{t("crash.payout")}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {bets.map((b, i) => (
              <tr key={`${b.name}-${i}`} className={b.status === "cashed" ? "text-emerald-300" : b.status === "lost" ? "text-white/50" : ""}>
                <td>{b.name}</td>
                <td className="text-right">{b.stake}</td>
                <td className="text-right">{b.cashoutAt ? `${b.cashoutAt}×` : "–"}</td>
                <td className="text-right">{b.status === "cashed" ? b.payout : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {live.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-xs tabular-nums text-white/80" aria-live="polite">
          {live.slice(-8).map((b, i) => (
            <li key={i}>
              {b.name} · {b.cashoutAt !== null ? `${multiplierText(b.cashoutAt)}× → ${takaText(b.payout ?? "0")}` : takaText(b.stake)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function HistoryPanel({ history }: { history: HistoryView[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" data-testid="crash-history">
      <h2 className="mb-2 text-sm font-semibold">{t("crash.history")}</h2>
      {history.length === 0 ? (
        <p className="text-xs text-white/60">{t("crash.noHistory")}</p>
      ) : (
        <>
          <ul className="mb-2 flex flex-wrap gap-1 text-xs font-bold tabular-nums">
            {history.map((h) => (
              <li
                key={h.id}
                className={`rounded px-1.5 py-0.5 ${h.voided ? "bg-ink text-white/50 line-through" : h.crashPoint >= 200 ? "bg-emerald-700/60" : "bg-ink"}`}
              >
                {h.voided ? t("crash.void") : `${h.crashText}×`}
              </li>
            ))}
          </ul>
          <table className="w-full table-fixed text-xs">
            <thead className="text-white/60">
              <tr>
                <th className="w-14 text-left font-normal">#</th>
                <th className="w-16 text-right font-normal">{t("crash.crashPoint")}</th>
                <th className="pl-2 text-left font-normal">{t("crash.hash")}</th>
                <th className="w-14 text-right font-normal" />
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{h.gameNumber}</td>
                  <td className="text-right font-semibold">{h.voided ? t("crash.void") : `${h.crashText}×`}</td>
                  <td className="truncate pl-2 font-mono text-white/70" title={h.hash}>
                    {h.hash}
                  </td>
                  <td className="text-right">
                    <a className="text-brand underline" href={verifyHref(h.hash, h.salt, h.gameNumber)}>
                      {t("crash.verify")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
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
