// The betting record's profit or loss, as its loaders write it (groupTaka) and the page shows it: a loss with a real
// minus sign before the taka sign (−৳999.50), a win with a plus, nothing at zero.
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { groupTaka } from "#app/components/payments/format.ts";
import { ProfitLoss } from "./ProfitLoss.tsx";

const shown = (decimal: string) => {
  const html = renderToString(<ProfitLoss value={groupTaka(decimal)} />);
  return { text: html.replace(/<[^>]+>/g, "").replaceAll("<!-- -->", ""), red: html.includes("text-red-300") };
};

it("writes a loss as −৳, a win as +৳ and zero without a sign", () => {
  expect(shown("-999.5")).toEqual({ text: "\u2212৳999.50", red: true });
  expect(shown("-0.01")).toEqual({ text: "\u2212৳0.01", red: true });
  expect(shown("150.5")).toEqual({ text: "+৳150.50", red: false });
  expect(shown("0.00")).toEqual({ text: "৳0.00", red: false });
  expect(shown("-1234567")).toEqual({ text: "\u2212৳1,234,567.00", red: true });
});
