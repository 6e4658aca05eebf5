// Autobet's run as the pages show it: amounts formatted, each bet's result as text, the stop and refusal.
import { takaText } from "#app/kernel/money.ts";
import type { AutobetRunView } from "./Autobet.tsx";

type Line = { n: number; stake: bigint; payout: bigint; win: boolean };

export function autobetRunView<L extends Line>(
  run: { lines: L[]; profit: bigint; stop: string; refusal: { token: string } | null },
  resultText: (line: L) => string,
): AutobetRunView {
  return {
    lines: run.lines.map((l) => ({ n: l.n, stake: takaText(l.stake), result: resultText(l), payout: takaText(l.payout), win: l.win })),
    profit: takaText(run.profit, { plus: true }),
    stop: run.stop,
    refusal: run.refusal?.token ?? null,
  };
}

/** Poisha as the stake field's text: "10", "10.5" -> "10.50". */
export function stakeInput(poisha: bigint): string {
  const cents = poisha % 100n;
  return cents === 0n ? String(poisha / 100n) : `${poisha / 100n}.${String(cents).padStart(2, "0")}`;
}
