// The deposit page's method tiles: the method's own tag ("+2%", set by staff) on the tile that carries one, the
// promotion's bonus badge on every tile, and no tag where none is set.
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { MethodGrid } from "./MethodGrid.tsx";

const methods = [
  { id: 1, name: "bKash", icon: "/demo/payments/bkash.svg", tag: null },
  { id: 2, name: "Bank Transfer", icon: "/demo/payments/bank.svg", tag: "+2%" },
];

const tagsOf = (html: string, testId: string) => [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, "g"))].map((m) => m[1]);

it("shows a method's own tag on its tile only, beside the promotion's badge on every tile", () => {
  const html = renderToString(<MethodGrid name="methodId" methods={methods} selected={1} tag="+5%" />);
  expect(tagsOf(html, "method-tag")).toEqual(["+2%"]);
  expect(tagsOf(html, "bonus-tag")).toEqual(["+5%", "+5%"]);
  const tile = html.slice(html.indexOf('data-testid="method-2"'));
  expect(tile.indexOf('data-testid="method-tag"')).toBeGreaterThan(0);
});

it("shows no badge at all without tags or a promotion", () => {
  const html = renderToString(<MethodGrid name="methodId" methods={methods.map((m) => ({ ...m, tag: null }))} selected={null} />);
  expect(html).not.toContain("method-tag");
  expect(html).not.toContain("bonus-tag");
});
