// "Accept odds changes" on a Bookmaker or Fancy bet (the house's quote moves between the player's look and the bet).
// Off: a bet whose rate or line moved is refused with the new quote (price_changed). On: the bet takes the current
// quote when it is not worse than the player's by more than ODDS_CHANGE_TOLERANCE rate points (the same for every
// market), and any better quote. Worse is a lower rate for back and yes (less profit per 100), a higher rate for lay
// and no (more risk per 100). A Fancy line is taken only when it moved in the player's favour (a lower Yes line, a
// higher No line: more results win); a line against them is always refused. README.md, "Bookmaker".
import type { BetSide } from "./kinds/kind.ts";

/** Rate points (per 100) a quote may be worse than the one the player saw and still be taken, when they accept changes. */
export const ODDS_CHANGE_TOLERANCE = 5;

export type QuoteSeen = { rate: number; line: number | null };

/**
 * The quote the bet is taken at: `current` when it equals `seen`, or when `accept` and it is within the tolerance and
 * its line is no worse; null when the bet is refused (price_changed).
 */
export function acceptedQuote(side: BetSide, seen: QuoteSeen, current: QuoteSeen, accept: boolean): QuoteSeen | null {
  if (current.rate === seen.rate && current.line === seen.line) return current;
  if (!accept) return null;
  const backing = side === "back" || side === "yes";
  // How many rate points the current quote is worse than the seen one (negative: better).
  const worseBy = backing ? seen.rate - current.rate : current.rate - seen.rate;
  if (worseBy > ODDS_CHANGE_TOLERANCE) return null;
  if (current.line !== seen.line) {
    if (current.line === null || seen.line === null) return null;
    const lineWorse = side === "yes" ? current.line > seen.line : current.line < seen.line;
    if (lineWorse) return null;
  }
  return current;
}
