// A runner's last traded price over time (visx, server-rendered): SVG with a fixed viewBox, so it renders the same in
// SSR and scales to its box. The price axis is in ladder ticks, as traders read it (a tick up at 1.5 and at 15 is the
// same step), labelled in odds; each point carries a <title> (the browser's hover detail, with or without JavaScript).
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { LinePath } from "@visx/shape";
import { priceAt } from "#app/modules/exchange/index.ts";

export type ChartPoint = { at: number; tick: number; price: string; time: string; volume: string };

const W = 640;
const H = 240;
const M = { top: 12, right: 16, bottom: 32, left: 52 };

/** A step line's vertices: the price holds until the next point. */
function steps<T extends { tick: number }>(points: readonly T[]): T[] {
  return points.flatMap((p, i) => (i === 0 ? [p] : [{ ...p, tick: points[i - 1]!.tick }, p]));
}

const oddsLabel = (tick: number) => {
  const p = priceAt(Math.round(tick));
  return p >= 10000 ? String(p / 100) : (p / 100).toFixed(2);
};

export function PriceChart({ points, title, testId }: { points: ChartPoint[]; title: string; testId?: string }) {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const ticks = points.map((p) => p.tick);
  const lo = Math.max(0, Math.min(...ticks) - 2);
  const hi = Math.min(349, Math.max(...ticks) + 2);
  const x = scaleLinear<number>({ domain: [first, last === first ? first + 1 : last], range: [0, innerW] });
  const y = scaleLinear<number>({ domain: [lo, hi], range: [innerH, 0] });
  const yTicks = [...new Set(y.ticks(5).map(Math.round))].filter((t) => t >= 0 && t <= 349);
  // A step line: the price holds until the next trade. A single trade draws a flat line across the chart.
  const drawn = points.length === 1 ? [points[0]!, { ...points[0]!, at: first + 1 }] : steps(points);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="h-auto w-full" data-testid={testId}>
      <title>{title}</title>
      <Group left={M.left} top={M.top}>
        <LinePath data={drawn} x={(p) => x(p.at)} y={(p) => y(p.tick)} stroke="#7dd3fc" strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={i} cx={x(p.at)} cy={y(p.tick)} r={points.length > 60 ? 1.5 : 3} fill="#7dd3fc">
            <title>{`${p.time} · ${p.price} · ${p.volume}`}</title>
          </circle>
        ))}
        <AxisLeft
          scale={y}
          tickValues={yTicks}
          tickFormat={(v) => oddsLabel(Number(v))}
          stroke="rgba(255,255,255,0.3)"
          tickStroke="rgba(255,255,255,0.3)"
          tickLabelProps={{ fill: "rgba(255,255,255,0.8)", fontSize: 11, textAnchor: "end", dx: -4, dy: 3 }}
        />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={points.length > 1 ? [first, last] : [first]}
          tickFormat={(v) => points.find((p) => p.at === Number(v))?.time.slice(-8) ?? ""}
          stroke="rgba(255,255,255,0.3)"
          tickStroke="rgba(255,255,255,0.3)"
          tickLabelProps={(_v, i) => ({ fill: "rgba(255,255,255,0.8)", fontSize: 11, textAnchor: i === 0 ? "start" : "end" })}
        />
      </Group>
    </svg>
  );
}

const SW = 64;
const SH = 20;

/**
 * A runner's last traded prices as a sparkline (the market page, beside the runner): the same step line in ticks,
 * one step per point (a point is a group of trades, as the ladder's chart thins them), no axes; a fixed 64×20 box so
 * that it never widens a phone's page.
 */
export function PriceSparkline({ ticks, title, testId }: { ticks: readonly number[]; title: string; testId?: string }) {
  if (ticks.length === 0) return null;
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ticks.length - 1)], range: [1, SW - 3] });
  const y = scaleLinear<number>({ domain: [Math.min(...ticks) - 1, Math.max(...ticks) + 1], range: [SH - 2, 2] });
  const points = ticks.map((tick, i) => ({ i, tick }));
  const drawn = points.length === 1 ? [points[0]!, { i: 1, tick: points[0]!.tick }] : steps(points);
  const end = points.at(-1)!;
  return (
    <svg viewBox={`0 0 ${SW} ${SH}`} width={SW} height={SH} role="img" aria-label={title} className="inline-block align-middle" data-testid={testId}>
      <title>{title}</title>
      <LinePath data={drawn} x={(p) => x(p.i)} y={(p) => y(p.tick)} stroke="#7dd3fc" strokeWidth={1.5} />
      <circle cx={x(points.length === 1 ? 1 : end.i)} cy={y(end.tick)} r={2} fill="#7dd3fc" />
    </svg>
  );
}
