// Live bets across the house games (Dice, Mines, Crash): every settled house bet, once its transaction has committed,
// goes out on the Crash event channel (one "hb" event per batch, the hub's NOTIFY reaches the other instances) to the
// pages' live-bets panels: All bets, High rollers (stake at least the settings' highRollerStake) and My bets.
//
// Publishing never slows a bet: the bet's code only drops the settled round's id into a bounded queue (no await, no
// query); a drain reads the queued rounds in one query just after and publishes them in one event (one drain at a time,
// so a busy casino's bets batch themselves while a read is in flight). When the
// queue is full (a burst larger than the drain keeps up with) further ids are dropped and counted: the panel is a
// show, the betting record is the truth.
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { logDatabaseFailure } from "#app/db/connection-errors.ts";
import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { getGeneralSettings } from "#app/modules/settings/index.server.ts";
import { gameRounds } from "../schema.ts";
import { HOUSE_PLATFORM } from "../types.ts";
import { betPageId } from "../bet-link.server.ts";
import { type CrashEvent, maskName, type LiveHouseBetItem, publicLiveItem } from "./crash/events.ts";
import { crashHub, type CrashHub } from "./crash/hub.server.ts";
import { DEFAULT_HIGH_ROLLER_STAKE, LIVE_BETS_SHOWN, liveBetsTab, type LiveBetsTab } from "./live-bets.ts";

const log = rootLog.child({ module: "live-bets" });

/** At most this many settled rounds wait to be published; more are dropped (and counted). */
export const LIVE_QUEUE_MAX = 5_000;
/** One event carries at most this many bets (a NOTIFY payload holds 8,000 bytes; an item is ~110). */
export const LIVE_BATCH_MAX = 50;
/**
 * How long the first settled round of a batch waits for others before the drain reads them: none (the next turn of
 * the event loop); rounds settled while a drain's query runs form the next batch by themselves.
 */
const DRAIN_DELAY_MS = 0;

type Row = { id: number; game: string | null; username: string; stake: bigint; payout: bigint; playerId: number; settledAt: Date | null };

/** A settled round as a live item (with the bettor's id for the hub; pages never receive it). */
function item(r: Row): LiveHouseBetItem {
  const x = r.stake > 0n ? Number((r.payout * 100n) / r.stake) : 0;
  return {
    i: r.id,
    g: r.game ?? "",
    n: maskName(r.username),
    s: String(r.stake),
    p: String(r.payout),
    x,
    at: r.settledAt?.getTime() ?? 0,
    u: r.playerId,
  };
}

const columns = {
  id: gameRounds.id,
  game: sql<string | null>`${gameRounds.fairness}->>'game'`,
  username: players.username,
  stake: gameRounds.stake,
  payout: gameRounds.payout,
  playerId: gameRounds.playerId,
  settledAt: gameRounds.settledAt,
};

const settledHouse = and(eq(gameRounds.platform, HOUSE_PLATFORM), eq(gameRounds.status, "settled"));

/** Reads settled house rounds by id (in id order) as live items. */
export async function liveItems(ids: number[]): Promise<LiveHouseBetItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(gameRounds)
    .innerJoin(players, eq(players.id, gameRounds.playerId))
    .where(and(settledHouse, inArray(gameRounds.id, ids)))
    .orderBy(gameRounds.id);
  return rows.map(item);
}

export class LiveBetsPublisher {
  private readonly queue = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  /** Rounds not published because the queue was full. */
  dropped = 0;

  private readonly hub: () => CrashHub;

  constructor(hub: () => CrashHub = crashHub) {
    this.hub = hub;
  }

  /** A house round settled and its transaction committed: publish it soon. Never throws, never waits. */
  note(roundDbId: number | null | undefined) {
    if (typeof roundDbId !== "number" || !Number.isSafeInteger(roundDbId)) return;
    if (this.queue.size >= LIVE_QUEUE_MAX) {
      this.dropped++;
      return;
    }
    this.queue.add(roundDbId);
    if (!this.timer && !this.draining) this.schedule();
  }

  private schedule() {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.draining = this.drain().finally(() => {
        this.draining = undefined;
        if (this.queue.size > 0) this.schedule();
      });
    }, DRAIN_DELAY_MS);
    this.timer.unref();
  }

  /** Publishes what is queued now, a batch at a time. */
  async drain(): Promise<void> {
    while (this.queue.size > 0) {
      const ids = [...this.queue].slice(0, LIVE_BATCH_MAX);
      for (const id of ids) this.queue.delete(id);
      try {
        const items = await liveItems(ids);
        if (items.length > 0) await this.hub().publish({ t: "hb", r: items[0]!.i, l: items });
      } catch (e) {
        // This batch is not shown (the betting record has it); the next one goes out.
        logDatabaseFailure(log, e, "could not publish live bets", { bets: ids.length });
      }
    }
  }

  /** Tests: waits until everything noted so far has been published. */
  async flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
    await this.drain();
  }
}

const KEY = Symbol.for("deshplay.liveBets");
type WithPublisher = typeof globalThis & { [KEY]?: LiveBetsPublisher };

/** This process's publisher. */
export function liveBetsPublisher(): LiveBetsPublisher {
  const g = globalThis as WithPublisher;
  g[KEY] ??= new LiveBetsPublisher();
  return g[KEY];
}

/** Call after the transaction that settled a house round committed (the wallet's roundDbId). */
export function noteSettledHouseBet(roundDbId: number | null | undefined) {
  liveBetsPublisher().note(roundDbId);
}

export type LiveBetsLists = {
  /** Poisha (as text): a bet is a high roller's when its stake is at least this. */
  highRollerStake: string;
  all: LiveHouseBetItem[];
  high: LiveHouseBetItem[];
  /** The viewer's own (empty without a viewer). */
  mine: LiveHouseBetItem[];
};

/**
 * The panels as of now (what a page without JavaScript shows; the stream adds to them): the last settled house bets
 * of everyone, of high rollers (the last day's) and the viewer's own, newest first, without player ids, each with its
 * page's id.
 */
export async function liveBetsLists(viewerId: number | null, limit = LIVE_BETS_SHOWN): Promise<LiveBetsLists> {
  // A database nobody seeded (no settings row; some tests): the column's default.
  const highRollerStake = await getGeneralSettings().then(
    (s) => s.highRollerStake,
    () => DEFAULT_HIGH_ROLLER_STAKE,
  );
  const query = (where: ReturnType<typeof and>) =>
    db
      .select(columns)
      .from(gameRounds)
      .innerJoin(players, eq(players.id, gameRounds.playerId))
      .where(and(settledHouse, where))
      .orderBy(desc(gameRounds.settledAt), desc(gameRounds.id))
      .limit(limit);
  const [all, high, mine] = await Promise.all([
    query(undefined),
    query(and(gte(gameRounds.stake, highRollerStake), sql`${gameRounds.settledAt} > now() - interval '1 day'`)),
    viewerId === null ? [] : query(eq(gameRounds.playerId, viewerId)),
  ]);
  const strip = (rows: Row[]) => rows.map((r) => publicLiveItem(item(r), betPageId));
  return { highRollerStake: String(highRollerStake), all: strip(all), high: strip(high), mine: strip(mine) };
}

/** What a house game page's loader adds for its panel: the lists as of now and the tab its URL names (?bets=). */
export async function liveBetsPage(viewerId: number, url: URL): Promise<{ liveBets: LiveBetsLists; liveTab: LiveBetsTab }> {
  return { liveBets: await liveBetsLists(viewerId), liveTab: liveBetsTab(url.searchParams.get("bets")) };
}

/** The ids of a live-bets batch's bets that are the viewer's (what the viewer's stream says as "hbMine"); [] for others. */
export function viewersBets(event: CrashEvent, viewerId: number | null): number[] {
  if (event.t !== "hb" || viewerId === null) return [];
  return event.l.flatMap((b) => (b.u === viewerId ? [b.i] : []));
}
