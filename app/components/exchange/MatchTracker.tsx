// The live match tracker: an SVG drawn on the server from our own feed (readable without JavaScript: the text is in
// the page, with a <title> and <desc> for screen readers), redrawn in the browser from each pushed score.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { type BallKind, type TrackerBall, type TrackerScore, trackerView } from "#app/modules/exchange/index.ts";

const FILL: Record<BallKind, string> = {
  dot: "#475569",
  run: "#e2e8f0",
  four: "#2563eb",
  six: "#7c3aed",
  wicket: "#dc2626",
  wide: "#d97706",
  noball: "#d97706",
};
const BALL_GAP = 30;
const BAR_MAX = 26;

export function MatchTracker({ score }: { score: TrackerScore | null }) {
  const { t } = useTranslation();
  const view = trackerView(score);
  if (!view) return null;
  const latestText = (b: TrackerBall) => t(`exchange.tracker.latest.${b.kind}`, { runs: b.runs });
  const spoken = (b: TrackerBall) => (b.kind === "dot" ? "0" : b.label);
  const summary = t("exchange.tracker.summary", { team: view.batting, runs: view.runs, wickets: view.wickets, overs: view.overs });
  const chase =
    view.target === null
      ? t("exchange.tracker.crr", { rate: view.currentRate })
      : [
          t("exchange.tracker.target", { target: view.target }),
          view.ballsLeft !== null
            ? t("exchange.tracker.need", { runs: view.needed, balls: view.ballsLeft })
            : t("exchange.tracker.needRuns", { runs: view.needed }),
          view.requiredRate ? t("exchange.tracker.rrr", { rate: view.requiredRate }) : null,
        ]
          .filter(Boolean)
          .join(" · ");
  const over = view.thisOver.length
    ? t("exchange.tracker.thisOverList", { balls: view.thisOver.map(spoken).join(", ") })
    : t("exchange.tracker.overNotStarted");
  const lastOvers = view.lastOvers.length ? t("exchange.tracker.lastOversList", { runs: view.lastOvers.join(", ") }) : "";
  const latest = view.latest ? t("exchange.tracker.latestLine", { ball: latestText(view.latest) }) : "";
  const most = Math.max(12, ...view.lastOvers);
  return (
    <figure className="mx-auto mb-3 w-full max-w-xl" data-testid="match-tracker">
      <svg viewBox="0 0 360 180" className="block h-auto w-full" role="img" aria-labelledby="tracker-title tracker-desc">
        <title id="tracker-title">{`${t("exchange.tracker.title")}: ${summary}`}</title>
        <desc id="tracker-desc">{[chase, over, lastOvers, latest].filter(Boolean).join(". ")}</desc>
        <rect width="360" height="180" rx="12" fill="#0f2a1d" />
        <text x="14" y="26" fontSize="14" fontWeight="700" fill="#fff">
          {view.batting}
          {view.inningsNumber > 1 ? <tspan fill="#9fb8ad" fontSize="10" fontWeight="400">{` · ${t("exchange.tracker.innings2")}`}</tspan> : null}
        </text>
        <text x="346" y="28" fontSize="22" fontWeight="800" fill="#fff" textAnchor="end" data-testid="tracker-score">
          {`${view.runs}/${view.wickets}`}
        </text>
        <text x="346" y="44" fontSize="11" fill="#9fb8ad" textAnchor="end">
          {t("exchange.score.overs", { overs: view.overs })}
        </text>
        <text x="14" y="46" fontSize="11" fill="#cfe3da" data-testid="tracker-chase">
          {chase}
        </text>
        <text x="14" y="70" fontSize="10" fill="#9fb8ad">
          {t("exchange.tracker.thisOver")}
        </text>
        {view.thisOver.map((b, i) => (
          <g key={i} data-testid="tracker-ball" data-kind={b.kind}>
            <circle cx={26 + i * BALL_GAP} cy="92" r="12" fill={FILL[b.kind]} />
            <text
              x={26 + i * BALL_GAP}
              y="96"
              fontSize={b.label.length > 2 ? 8 : 11}
              fontWeight="700"
              textAnchor="middle"
              fill={b.kind === "run" ? "#0f172a" : "#fff"}
            >
              {b.label}
            </text>
          </g>
        ))}
        {view.lastOvers.length ? (
          <>
            <text x="14" y="124" fontSize="10" fill="#9fb8ad">
              {t("exchange.tracker.lastOvers")}
            </text>
            {view.lastOvers.map((runs, i) => {
              const h = Math.max(2, Math.round((runs / most) * BAR_MAX));
              return (
                <g key={i} data-testid="tracker-over">
                  <rect x={14 + i * 22} y={158 - h} width="14" height={h} rx="2" fill="#34d399" />
                  <text x={21 + i * 22} y="170" fontSize="9" fill="#cfe3da" textAnchor="middle">
                    {runs}
                  </text>
                </g>
              );
            })}
          </>
        ) : null}
        {view.latest ? (
          <text x="346" y="166" fontSize="13" fontWeight="700" fill="#fbbf24" textAnchor="end" data-testid="tracker-latest">
            {latest}
          </text>
        ) : null}
      </svg>
    </figure>
  );
}
