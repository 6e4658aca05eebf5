// A server-rendered bar chart (visx): SVG with a fixed viewBox, so it renders the same in SSR and scales to its box;
// each bar carries a <title> (the browser's hover detail, with or without JavaScript). Grouped bars for several
// series; negative values grow down from the zero line.
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, Line } from "@visx/shape";

export type BarSeries = { key: string; label: string; color: string };
export type BarDatum = { label: string; values: Record<string, number>; titles: Record<string, string> };

const W = 640;
const H = 260;
const M = { top: 12, right: 12, bottom: 48, left: 64 };

/** Short axis labels: 1.2k, 3.4M. */
export function compact(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e7) return `${(v / 1e6).toFixed(0)}M`;
  if (a >= 1e6) return `${(v / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${(v / 1e3).toFixed(0)}k`;
  if (a >= 1e3) return `${(v / 1e3).toFixed(1)}k`;
  return String(Math.round(v));
}

export function BarChart({ data, series, title, testId }: { data: BarDatum[]; series: BarSeries[]; title: string; testId?: string }) {
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const all = data.flatMap((d) => series.map((s) => d.values[s.key] ?? 0));
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, innerW], padding: 0.2 });
  const inner = scaleBand<string>({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear<number>({ domain: [lo, hi === lo ? lo + 1 : hi], range: [innerH, 0], nice: true });
  const every = Math.max(1, Math.ceil(data.length / 10));
  // Whole numbers only, each label once: a 0–1 domain would otherwise label 0, 0.2 … 1 as 0, 0, 0, 1, 1.
  const yTicks = y
    .ticks(5)
    .filter(Number.isInteger)
    .filter((t, i, whole) => i === 0 || compact(t) !== compact(whole[i - 1]!));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="h-auto w-full" data-testid={testId}>
      <title>{title}</title>
      <Group left={M.left} top={M.top}>
        {data.map((d) => (
          <Group key={d.label} left={x(d.label) ?? 0}>
            {series.map((s) => {
              const v = d.values[s.key] ?? 0;
              const top = y(Math.max(0, v));
              const height = Math.abs(y(v) - y(0));
              return (
                <Bar key={s.key} x={inner(s.key) ?? 0} y={top} width={inner.bandwidth()} height={Math.max(height, v === 0 ? 0 : 1)} fill={s.color}>
                  <title>{d.titles[s.key]}</title>
                </Bar>
              );
            })}
          </Group>
        ))}
        <Line from={{ x: 0, y: y(0) }} to={{ x: innerW, y: y(0) }} stroke="rgba(255,255,255,0.4)" />
        <AxisLeft
          scale={y}
          tickValues={yTicks}
          tickFormat={(v) => compact(Number(v))}
          stroke="rgba(255,255,255,0.3)"
          tickStroke="rgba(255,255,255,0.3)"
          tickLabelProps={{ fill: "rgba(255,255,255,0.7)", fontSize: 11, textAnchor: "end", dx: -4, dy: 3 }}
        />
        <AxisBottom
          top={innerH}
          scale={x}
          tickValues={data.map((d) => d.label).filter((_, i) => i % every === 0)}
          stroke="rgba(255,255,255,0.3)"
          tickStroke="rgba(255,255,255,0.3)"
          tickLabelProps={{ fill: "rgba(255,255,255,0.7)", fontSize: 11, textAnchor: "middle" }}
        />
      </Group>
      <Group top={H - 14} left={M.left}>
        {series.map((s, i) => (
          <Group key={s.key} left={i * 140}>
            <rect width={10} height={10} y={-9} fill={s.color} />
            <text x={14} fontSize={11} fill="rgba(255,255,255,0.8)">
              {s.label}
            </text>
          </Group>
        ))}
      </Group>
    </svg>
  );
}
