// Money on screen: grouped taka with two decimals. Pure string work (no Intl) so the header can format a polled
// balance in the browser at no cost.
import { formatPoisha } from "#app/kernel/money.ts";

/** The minus sign of a negative amount on screen (U+2212), never a hyphen. */
export const MINUS = "\u2212";

/**
 * "1250.5" -> "1,250.50", "-1250.50" -> "−1,250.50" (a real minus sign); anything that is not a plain decimal comes
 * back unchanged. No taka sign: an amount that may be negative is written with takaText (or signedTakaText), which put
 * the minus before the taka sign.
 */
export function groupTaka(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const whole = m[2]!.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${m[1] ? MINUS : ""}${whole}.${(m[3] ?? "").padEnd(2, "0")}`;
}

/**
 * An amount in poisha as the site writes it: 125050n (or "125050") -> "৳1,250.50", -10000n -> "−৳100.00" (a real
 * minus sign before the taka sign, as every page writes a negative amount).
 */
export function takaText(poisha: bigint | string): string {
  const p = BigInt(poisha);
  return `${p < 0n ? MINUS : ""}৳${groupTaka(formatPoisha(p < 0n ? -p : p))}`;
}

/** Money in or out, as records write it: 125050n -> "+৳1,250.50", -10000n -> "−৳100.00", 0n -> "৳0.00". */
export function signedTakaText(poisha: bigint | string): string {
  const p = BigInt(poisha);
  return p > 0n ? `+${takaText(p)}` : takaText(p);
}

/** Whole-taka limits as shown next to channels and quick amounts: 25000 -> "25,000". */
export function groupWhole(value: number | string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The sum of a typed amount and a quick-add amount, as the amount field shows it (taka, up to 2 decimals). */
export function addTaka(current: string, add: number): string {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(current.trim().replaceAll(",", ""));
  if (!m) return String(add);
  const poisha = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) + add * 100;
  return poisha % 100 === 0 ? String(poisha / 100) : (poisha / 100).toFixed(2);
}
