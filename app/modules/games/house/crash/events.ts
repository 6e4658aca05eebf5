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
  /** A player (masked name) bet `s` poisha (bet `b`), which can pay at most `mp` poisha (after the round cap; null: no cap). */
  | { t: "bet"; r: number; b: number; n: string; s: string; mp: string | null }
  /**
   * A player cashed out at `at` hundredths for `p` poisha. `b` is the bet's id: the bettor's own page matches it to
   * reload its balance (masked names collide, so the name cannot tell whose bet it was).
   */
  | { t: "cashout"; r: number; b: number; n: string; at: number; p: string }
  /**
   * House bets (Dice, Mines, Crash) that settled and committed: the live-bets panels. `r` is the first bet's id. Each
   * item's `u` (the bettor's player id) travels between instances only: the hub strips it from what pages receive.
   */
  | { t: "hb"; r: number; l: LiveHouseBetItem[] };

/**
 * One settled house bet as the live-bets panels receive it: `i` its betting-record id, `k` the id of its shareable
 * page (/bet/<k>: the record id and the server's tag), `g` the game's id (dice, mines, crash), `n` the masked name, `s`
 * stake and `p` payout in poisha, `x` the payout/stake multiplier in hundredths (0: a loss), `at` its settlement
 * (epoch ms). Between instances an item carries `u` and no `k` (a NOTIFY holds 8,000 bytes): each instance adds `k`
 * as it hands the item to its pages.
 */
export type LiveHouseBetItem = { i: number; k?: string; g: string; n: string; s: string; p: string; x: number; at: number; u?: number };

/** A live item as pages receive it: without the bettor's player id, with its page's id (`pageId` signs it). */
export function publicLiveItem({ u: _u, ...item }: LiveHouseBetItem, pageId: (roundId: number) => string): LiveHouseBetItem {
  return { ...item, k: pageId(item.i) };
}

export type CrashEventType = CrashEvent["t"];

const TYPES = new Set<CrashEventType>(["betting", "running", "tick", "crashed", "voided", "bet", "cashout", "hb"]);

/** What pages receive of an event: a live-bets batch without its bettors' player ids and with its pages' ids. */
export function publicEventJson(event: CrashEvent, pageId: (roundId: number) => string): string {
  if (event.t !== "hb") return JSON.stringify(event);
  return JSON.stringify({ ...event, l: event.l.map((item) => publicLiveItem(item, pageId)) });
}

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

// Other players' names on the bets list: one masking rule for every page where players see each other.
export { maskName } from "#app/modules/players/index.ts";
