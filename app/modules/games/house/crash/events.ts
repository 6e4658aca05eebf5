// What the Crash engine publishes to the page (server-sent events) and between app instances (NOTIFY). Short keys
// keep a NOTIFY payload and an SSE frame small. Times are epoch milliseconds on the leader's clock.
export type CrashEvent =
  /** A new round takes bets until `be`. */
  | { t: "betting"; r: number; g: number; be: number }
  /** The round started at `sa`; the multiplier follows curve.ts from then on. */
  | { t: "running"; r: number; sa: number }
  /** The multiplier `m` (hundredths) `e` ms after the start, published at `ts` (epoch ms, sub-millisecond). */
  | { t: "tick"; r: number; m: number; e: number; ts: number }
  /** The round crashed at `cp`; `h` is its game hash (never sent before the crash). */
  | { t: "crashed"; r: number; cp: number; h: string }
  /** The round was voided (bets refunded). */
  | { t: "voided"; r: number }
  /** A player (masked name) bet `s` poisha. */
  | { t: "bet"; r: number; n: string; s: string }
  /**
   * A player cashed out at `at` hundredths for `p` poisha. `b` is the bet's id: the bettor's own page matches it to
   * reload its balance (masked names collide, so the name cannot tell whose bet it was).
   */
  | { t: "cashout"; r: number; b: number; n: string; at: number; p: string };

export type CrashEventType = CrashEvent["t"];

const TYPES = new Set<CrashEventType>(["betting", "running", "tick", "crashed", "voided", "bet", "cashout"]);

/** Parses an event from JSON text; anything malformed is undefined. */
export function parseCrashEvent(text: string): CrashEvent | undefined {
  try {
    const value = JSON.parse(text) as { t?: unknown; r?: unknown };
    if (!value || typeof value !== "object" || !TYPES.has(value.t as CrashEventType) || !Number.isSafeInteger(value.r)) return undefined;
    return value as CrashEvent;
  } catch {
    return undefined;
  }
}

/** "rahim99" -> "ra***9": other players' names on the bets list. */
export function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}
