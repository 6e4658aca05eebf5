// Test kit: amounts in tests. Taka as written in a test -> poisha, through the kernel's one parser
// (app/kernel/money.ts), so a test writes `taka(1_000)` or `taka(12.5)` rather than poisha.
import { type Poisha, readTaka } from "#app/kernel/money.ts";

/** 1_000 -> 100000n, 12.5 -> 1250n, -3 -> -300n. Throws on more than two decimals: a test amount is exact. */
export function taka(amount: number): Poisha {
  const read = readTaka(String(Math.abs(amount)));
  if (!read.ok) throw new Error(`taka(${amount}) is not an amount of money (${read.problem})`);
  return amount < 0 ? -read.poisha : read.poisha;
}
