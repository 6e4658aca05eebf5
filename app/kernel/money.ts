// The one way to do money. An amount is integer poisha (1 taka = 100 poisha) in a BigInt, never a float: this module
// reads taka typed by a person into poisha and writes poisha back as text. Browser-safe (no server imports): the
// header formats a polled balance with it. Digits are Latin in every locale, as the Bangla strings write numbers.

/** An amount of money in poisha. */
export type Poisha = bigint;

export const POISHA_PER_TAKA = 100n;
/** The largest amount one transfer may move: 10^15 poisha (10 trillion taka). */
export const MAX_AMOUNT: Poisha = 10n ** 15n;
/** The most whole-taka digits a typed amount may have (leading zeros not counted): ৳9,999,999,999,999.99. */
export const MAX_TAKA_DIGITS = 13;
/** The minus sign of a negative amount on screen (U+2212), never a hyphen. */
export const MINUS = "\u2212";

/** Why typed taka is not an amount: nothing typed, a minus sign, not a plain decimal, a third decimal, too many digits. */
export type TakaProblem = "empty" | "negative" | "invalid" | "fraction" | "tooLarge";

/**
 * Taka as a person types it -> poisha, or the reason it is not an amount. Spaces around it and thousands separators
 * (",") are ignored; at most 2 decimals ("1000", "1000.5", "1,000.50"); leading zeros are fine ("007"). No sign, no
 * exponent ("1e2"), no hex ("0x10"), no Bangla digits, no rounding: "1.234" is refused, never rounded.
 */
export function readTaka(input: string): { ok: true; poisha: Poisha } | { ok: false; problem: TakaProblem } {
  const text = input.trim().replaceAll(",", "");
  if (text === "") return { ok: false, problem: "empty" };
  if (text.startsWith("-")) return { ok: false, problem: "negative" };
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, problem: "invalid" };
  const whole = m[1]!;
  const fraction = m[2] ?? "";
  if (fraction.length > 2) return { ok: false, problem: "fraction" };
  if (whole.replace(/^0+/, "").length > MAX_TAKA_DIGITS) return { ok: false, problem: "tooLarge" };
  return { ok: true, poisha: BigInt(whole) * POISHA_PER_TAKA + BigInt(fraction.padEnd(2, "0")) };
}

/** "1,250.5" or "1250.50" taka -> 125050n poisha; undefined for anything readTaka refuses. */
export function parseTaka(input: string): Poisha | undefined {
  const r = readTaka(input);
  return r.ok ? r.poisha : undefined;
}

/** Whole taka (a quick amount, a whole-taka stake) -> poisha: 500 -> 50000n. Throws on a fraction. */
export const fromWholeTaka = (taka: number | bigint | string): Poisha => BigInt(taka) * POISHA_PER_TAKA;

/** "1234567" -> "1,234,567": thousands separators in a string of digits. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** 125050n -> "1250.50", -7n -> "-0.07": the plain decimal of APIs, gateways and form defaults (no sign, no grouping). */
export function formatPoisha(poisha: Poisha): string {
  const abs = poisha < 0n ? -poisha : poisha;
  return `${poisha < 0n ? "-" : ""}${abs / POISHA_PER_TAKA}.${(abs % POISHA_PER_TAKA).toString().padStart(2, "0")}`;
}

export type TakaTextOptions = {
  /** Write the taka sign: "৳1,250.50" (default) or "1,250.50". */
  symbol?: boolean;
  /** "fixed": always two decimals (default); "trim": none for whole taka ("৳100", "৳100.50"). */
  decimals?: "fixed" | "trim";
  /** Put "+" before an amount above zero, as records of money in and out do. */
  plus?: boolean;
};

/**
 * An amount as the site writes it, with Latin digits in both languages: 125050n -> "৳1,250.50", -10000n -> "−৳100.00"
 * (a real minus sign, before the taka sign). Options drop the taka sign, the ".00" of whole taka, or add a "+".
 */
export function takaText(poisha: Poisha | string, { symbol = true, decimals = "fixed", plus = false }: TakaTextOptions = {}): string {
  const p = BigInt(poisha);
  const abs = p < 0n ? -p : p;
  const fraction = abs % POISHA_PER_TAKA;
  const tail = decimals === "trim" && fraction === 0n ? "" : `.${fraction.toString().padStart(2, "0")}`;
  const sign = p < 0n ? MINUS : plus && p > 0n ? "+" : "";
  return `${sign}${symbol ? "৳" : ""}${groupThousands((abs / POISHA_PER_TAKA).toString())}${tail}`;
}

/** The value of a taka `<input>`: 50000n -> "500", 50050n -> "500.50", null -> "" (no grouping, so it reads back). */
export function takaInput(poisha: Poisha | null): string {
  return poisha === null ? "" : formatPoisha(poisha).replace(/\.00$/, "");
}
