// How reality checks and net deposits show their figures: a signed taka amount and a duration in hours and minutes.
import { signedTakaText, takaText as signedText } from "#app/components/payments/format.ts";

/** "৳1,200.00", unsigned. */
export const takaText = (poisha: bigint): string => signedText(poisha < 0n ? -poisha : poisha);

/** "+৳1,200.00", "−৳300.00" (a real minus sign), "৳0.00". */
export const signedTaka = (poisha: bigint): string => signedTakaText(poisha);

/** Whole minutes and hours of a duration, for the strings "{{m}} min" and "{{h}} h {{m}} min". */
export function durationParts(ms: number): { h: number; m: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return { h: Math.floor(minutes / 60), m: minutes % 60 };
}
