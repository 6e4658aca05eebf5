// The live-bets panels' rules that the server and the browser share (browser-safe): how many bets a tab shows, which
// bets are a high roller's, and how a live item is merged into a tab.
import type { LiveHouseBetItem } from "./crash/events.ts";

export type { LiveHouseBetItem } from "./crash/events.ts";

/** Bets a tab shows (and a page without JavaScript lists as of its load). */
export const LIVE_BETS_SHOWN = 20;

/** The settings' highRollerStake at install (poisha, ৳5,000; the column's default). */
export const DEFAULT_HIGH_ROLLER_STAKE = 500_000n;

export type LiveBetsTab = "all" | "high" | "mine";
export const LIVE_BETS_TABS: readonly LiveBetsTab[] = ["all", "high", "mine"];

/** The tab a query value names (?bets=high); All bets for anything else. */
export const liveBetsTab = (value: string | null | undefined): LiveBetsTab => (value === "high" || value === "mine" ? value : "all");

/** A high roller's bet: its stake (poisha) is at least the threshold (poisha). */
export function isHighRoller(item: Pick<LiveHouseBetItem, "s">, threshold: string | bigint): boolean {
  try {
    return BigInt(item.s) >= BigInt(threshold);
  } catch {
    return false;
  }
}

/** New items (oldest first, as a batch comes) on top of a tab's list, newest first, no id twice, at most `max`. */
export function mergeLive(list: LiveHouseBetItem[], items: LiveHouseBetItem[], max = LIVE_BETS_SHOWN): LiveHouseBetItem[] {
  const seen = new Set(list.map((b) => b.i));
  const fresh = items.filter((b) => !seen.has(b.i)).reverse();
  return [...fresh, ...list].slice(0, max);
}
