// The Crash page's history: the last 100 ended rounds as chips (coloured by band, each a link to the round's page), a
// server-rendered chart of their crash points (visx SVG on a log scale, oldest left; readable without JavaScript, and
// redrawn when the live page reloads its data after a crash), and the last few with their hash and verify link.
import { AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLog } from "@visx/scale";
import { Bar, Line } from "@visx/shape";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type CrashBand, crashRoundHref, type HistoryView, verifyHref } from "#app/modules/games/index.ts";

/** Chip and bar colours by band. */
const CHIP: Record<CrashBand, string> = {
  low: "bg-ink text-white/80",
  mid: "bg-emerald-700/70 text-white",
  high: "bg-amber-500 text-black",
  void: "bg-ink text-white/50 line-through",
};
const FILL: Record<CrashBand, string> = { low: "#64748b", mid: "#10b981", high: "#f59e0b", void: "#334155" };

const W = 640;
const H = 200;
const M = { top: 10, right: 8, bottom: 8, left: 56 };
/** The chart's top: 100× (higher crash points reach the top and say their value in their title). */
const TOP = 10_000;

export function CrashChart({ history, title }: { history: HistoryView[]; title: string }) {
  const { t } = useTranslation();
  const rounds = [...history].reverse();
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x = scaleBand<number>({ domain: rounds.map((h) => h.id), range: [0, innerW], padding: 0.15 });
  const y = scaleLog<number>({ domain: [100, TOP], range: [innerH, 0], clamp: true });
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="mb-2 h-auto w-full" data-testid="crash-chart">
      <title>{title}</title>
      <Group left={M.left} top={M.top}>
        {[200, 1000].map((v) => (
          <Line key={v} from={{ x: 0, y: y(v) }} to={{ x: innerW, y: y(v) }} stroke="rgba(255,255,255,0.15)" strokeDasharray="4 4" />
        ))}
        {rounds.map((h) => {
          // A voided round has no crash point that counted: a stub at the bottom.
          const top = h.voided ? innerH - 3 : y(Math.max(101, h.crashPoint));
          return (
            <a key={h.id} href={crashRoundHref(h.id)}>
              <Bar x={x(h.id) ?? 0} y={top} width={x.bandwidth()} height={Math.max(2, innerH - top)} fill={FILL[h.band]}>
                <title>{`#${h.gameNumber}: ${h.voided ? t("crash.void") : `${h.crashText}×`}`}</title>
              </Bar>
            </a>
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={[100, 200, 1000, 10_000]}
          tickFormat={(v) => `${Number(v) / 100}×`}
          stroke="rgba(255,255,255,0.3)"
          tickStroke="rgba(255,255,255,0.3)"
          tickLabelProps={{ fill: "rgba(255,255,255,0.7)", fontSize: 20, textAnchor: "end", dx: -4, dy: 6 }}
        />
      </Group>
    </svg>
  );
}

export function HistoryPanel({ history }: { history: HistoryView[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" data-testid="crash-history">
      <h2 className="mb-2 text-sm font-semibold">
        {history.length === 0 ? t("crash.history") : t("crash.historyLast", { n: String(history.length) })}
      </h2>
      {history.length === 0 ? (
        <p className="text-xs text-white/60">{t("crash.noHistory")}</p>
      ) : (
        <>
          <ul className="mb-2 flex flex-wrap gap-1 text-xs font-bold tabular-nums" data-testid="crash-chips">
            {history.map((h) => (
              <li key={h.id}>
                <a
                  href={crashRoundHref(h.id)}
                  className={`inline-block rounded px-1.5 py-0.5 ${CHIP[h.band]}`}
                  data-band={h.band}
                  data-testid="crash-chip"
                  title={`#${h.gameNumber}`}
                >
                  {h.voided ? t("crash.void") : `${h.crashText}×`}
                </a>
              </li>
            ))}
          </ul>
          <CrashChart history={history} title={t("crash.chartTitle", { n: String(history.length) })} />
          <p className="mb-2 flex flex-wrap gap-x-3 text-[11px] text-white/60">
            <span>
              <span className="mr-1 inline-block size-2 rounded-sm bg-[#64748b]" />
              {t("crash.bandLow")}
            </span>
            <span>
              <span className="mr-1 inline-block size-2 rounded-sm bg-[#10b981]" />
              {t("crash.bandMid")}
            </span>
            <span>
              <span className="mr-1 inline-block size-2 rounded-sm bg-[#f59e0b]" />
              {t("crash.bandHigh")}
            </span>
          </p>
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
              {history.slice(0, 10).map((h) => (
                <tr key={h.id}>
                  <td>
                    <a className="text-brand underline" href={crashRoundHref(h.id)}>
                      {h.gameNumber}
                    </a>
                  </td>
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
