import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, type BarDatum } from "./BarChart.tsx";

const series = [{ key: "a", label: "Deposits", color: "#0f0" }];
const days = (values: number[]): BarDatum[] => values.map((v, i) => ({ label: `d${i}`, values: { a: v }, titles: { a: String(v) } }));
/** The y axis's labels, bottom to top (visx renders them as <text> inside the left axis's ticks). */
function yLabels(values: number[]) {
  const svg = renderToStaticMarkup(<BarChart data={days(values)} series={series} title="t" />);
  const axis = svg.slice(svg.indexOf("visx-axis-left"), svg.indexOf("visx-axis-bottom"));
  return [...axis.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
}

describe("the dashboard's bar chart", () => {
  it("labels an all-zero chart's axis 0 and 1, each once", () => {
    expect(yLabels([0, 0, 0])).toEqual(["0", "1"]);
  });

  it("labels a chart in thousands without repeating a label", () => {
    const labels = yLabels([10_200, 10_900, 11_400]);
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("renders a title on every bar for the hover detail", () => {
    const svg = renderToStaticMarkup(<BarChart data={days([5, 7])} series={series} title="t" />);
    expect(svg).toContain("<title>5</title>");
    expect(svg).toContain("<title>7</title>");
  });
});
