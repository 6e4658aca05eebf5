// Money on screen from text that is already a decimal (a polled balance, a stream's answer). Amounts in poisha are
// written by the kernel (app/kernel/money.ts: takaText, takaInput); these read a decimal string and hand it to it.
import { fromWholeTaka, groupThousands, MINUS, parseTaka, takaInput, takaText } from "#app/kernel/money.ts";

/**
 * "1250.5" -> "1,250.50", "-1250.50" -> "−1,250.50" (a real minus sign); anything that is not a plain decimal comes
 * back unchanged. No taka sign: an amount that may be negative is written with takaText, which puts the minus before
 * the taka sign.
 */
export function groupTaka(decimal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(decimal.trim());
  if (!m) return decimal;
  const poisha = BigInt(m[2]!) * 100n + BigInt((m[3] ?? "").padEnd(2, "0"));
  return `${m[1] ? MINUS : ""}${takaText(poisha, { symbol: false })}`;
}

/** Whole-taka limits as shown next to channels and quick amounts: 25000 -> "25,000". */
export function groupWhole(value: number | string): string {
  return groupThousands(String(value));
}

/** The sum of a typed amount and a quick-add amount (whole taka), as the amount field shows it (taka, up to 2 decimals). */
export function addTaka(current: string, add: number): string {
  const typed = current.trim().replaceAll(",", "");
  const poisha = /^\d{1,9}(?:\.\d{1,2})?$/.test(typed) ? parseTaka(typed) : undefined;
  return poisha === undefined ? String(add) : takaInput(poisha + fromWholeTaka(add));
}
