// The Crash engine: one shared round at a time. The leader (see app/db/leader.server.ts; on PGlite the only process)
// loops: open a round taking bets -> start it -> publish the multiplier every tick, paying auto cash-outs as it
// passes them -> crash at the round's crash point (mark crashed, publish the hash, settle the bets) -> pause.
// Every instance, leader or not, keeps a snapshot of the current round from the events it sees, for new streams.
//
// Restart safety (run whenever an instance becomes leader, so also after a crash of the previous leader):
// - a round left "betting" is voided and its bets rolled back (the stakes go back; nobody saw it run);
// - a round left "running" whose crash time (started_at + msToReach(crash point), database clock) has passed is
//   settled as crashed: cash-outs made stand, auto cash-outs at or below the crash point are paid, other bets lose;
// - a round left "running" whose crash time has not come is resumed: the curve depends only on started_at, so the
//   new leader carries on ticking and crashes it at its crash point; players could cash out throughout;
// - bets still active on a crashed or voided round (the leader died while settling) are settled or refunded.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { type CrashRound, crashChains } from "../../schema.ts";
import { autoCashOut } from "./bets.server.ts";
import { CHAIN_LENGTH, type LoadedChain, playableChain } from "./chain.server.ts";
import { msToReach, multiplierAt } from "./curve.ts";
import type { CrashEvent } from "./events.ts";
import { CRASH_CHANNEL, CrashHub } from "./hub.server.ts";
import { LEADER_LOCKS, LeaderElection } from "#app/db/leader.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { placeAutobets } from "./autobet.server.ts";
import {
  autoBets,
  elapsedMs,
  endedRoundsWithActiveBets,
  markCrashed,
  openRound,
  openRounds,
  settleCrashedBets,
  startRound,
  voidRound,
} from "./rounds.server.ts";
import type { PublicRound } from "./public.ts";
import { currentRound } from "./store.server.ts";

const log = rootLog.child({ module: "crash" });

export type CrashTiming = {
  /** How long a round takes bets. */
  bettingMs: number;
  /** Time between published multipliers. */
  tickMs: number;
  /** Pause after a crash before the next round opens. */
  pauseMs: number;
  /** How often a follower tries to become the leader (and reconnects its lock connection). */
  leaderRetryMs: number;
  /** How often a leader with no playable chain looks again for one whose salt was fixed. */
  chainWaitMs: number;
};

export const DEFAULT_TIMING: CrashTiming = { bettingMs: 7_000, tickMs: 100, pauseMs: 3_000, leaderRetryMs: 3_000, chainWaitMs: 5_000 };

export type CrashEngineOptions = {
  /** PostgreSQL: elect a leader through an advisory lock and relay events. Unset (PGlite): always the leader. */
  databaseUrl?: string;
  timing?: Partial<CrashTiming>;
  chainLength?: number;
  hub?: CrashHub;
  lockKey?: number;
  /** Awaited after a round opens, before its betting time runs (tests fix crash points here). */
  onRoundOpened?: (round: CrashRound) => Promise<void>;
};

/** Sub-millisecond wall-clock time (comparable between processes on one machine). */
export const preciseNow = () => performance.timeOrigin + performance.now();

export class CrashEngine {
  readonly hub: CrashHub;
  readonly timing: CrashTiming;
  /** The current round as this instance knows it (from the database at start, then from events). */
  snapshot: PublicRound | null = null;
  /** Milliseconds it took to compute the chain in memory (the last time it was loaded). */
  chainLoadMs = 0;

  private readonly url: string | undefined;
  private readonly chainLength: number;
  private readonly lockKey: number;
  private readonly onRoundOpened: CrashEngineOptions["onRoundOpened"];
  private election: LeaderElection | undefined;
  private started = false;
  private leading = false;
  private sweepEnded = true;
  private loop: Promise<void> | undefined;
  private readonly wakers = new Set<() => void>();
  private chain: LoadedChain | undefined;
  private waitingForChain = false;
  private tickBase: { e: number; at: number } | null = null;

  constructor(options: CrashEngineOptions = {}) {
    this.url = options.databaseUrl;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.chainLength = options.chainLength ?? CHAIN_LENGTH;
    this.lockKey = options.lockKey ?? LEADER_LOCKS.crash;
    this.onRoundOpened = options.onRoundOpened;
    this.hub = options.hub ?? new CrashHub(Boolean(this.url));
    this.hub.subscribe((event) => this.apply(event));
  }

  get isLeader() {
    return this.leading;
  }

  /** The backend pid of the lock connection (PostgreSQL only; tests kill it). */
  get lockPid() {
    return this.election?.pid;
  }

  async start() {
    if (this.started) return;
    this.started = true;
    this.snapshot = await currentRound().catch(() => null);
    if (!this.url) {
      this.lead();
      return;
    }
    this.election = new LeaderElection({
      url: this.url,
      lockKey: this.lockKey,
      retryMs: this.timing.leaderRetryMs,
      log,
      channel: CRASH_CHANNEL,
      onNotification: (p) => this.hub.relay(p),
      onLead: () => {
        if (this.started) this.lead();
      },
      onLost: () => {
        this.leading = false;
        this.wakeAll();
      },
    });
    await this.election.start();
  }

  /** Stops driving and listening. An open round is left to the next leader's restart-safety step. */
  async stop() {
    this.started = false;
    this.leading = false;
    this.wakeAll();
    await this.loop;
    await this.election?.stop();
    this.election = undefined;
  }

  /** Resolves once this engine is the leader (tests). */
  async untilLeader(timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    while (!this.leading) {
      if (Date.now() > until) throw new Error("not the leader in time");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private lead() {
    if (this.leading) return;
    this.leading = true;
    this.sweepEnded = true;
    const previous = this.loop ?? Promise.resolve();
    this.loop = previous.then(() => this.drive());
  }

  private get driving() {
    return this.started && this.leading;
  }

  private async drive() {
    while (this.driving) {
      try {
        await this.finishOpenRounds();
        if (this.driving) await this.playRound();
      } catch (e) {
        log.error({ err: e }, "round failed");
        this.sweepEnded = true;
        await this.sleep(1_000);
      }
    }
  }

  /** The restart-safety step (see the file header). */
  private async finishOpenRounds() {
    for (const round of await openRounds()) {
      if (!this.driving) return;
      if (round.status === "betting" || !round.startedAt) {
        await this.settleEnded({ ...round, status: "voided" });
        await this.hub.publish({ t: "voided", r: round.id });
      } else {
        const elapsed = await elapsedMs(round.id);
        if (elapsed >= msToReach(round.crashPoint)) await this.crash(round);
        else await this.run(round);
      }
    }
    if (this.sweepEnded && this.driving) {
      this.sweepEnded = false;
      for (const round of await endedRoundsWithActiveBets()) await this.settleEnded(round);
    }
  }

  /** Settles (or refunds) what is left of an ended round; a failure is logged and retried later, never blocks play. */
  private async settleEnded(round: CrashRound) {
    try {
      if (round.status === "voided") await voidRound(round.id);
      else await settleCrashedBets(this.hub, round, await this.saltOf(round.chainId));
    } catch (e) {
      log.error({ err: e }, `settling round ${round.id} failed; retried later`);
      this.sweepEnded = true;
    }
  }

  private async loadChain() {
    const t0 = performance.now();
    this.chain = (await playableChain(this.chainLength)) ?? undefined;
    this.chainLoadMs = performance.now() - t0;
    return this.chain;
  }

  private async saltOf(chainId: number): Promise<string> {
    if (this.chain?.id === chainId) return this.chain.salt;
    const [row] = await db.select({ salt: crashChains.salt }).from(crashChains).where(eq(crashChains.id, chainId));
    return row!.salt!; // a chain's rounds start only once its salt is fixed
  }

  private async playRound() {
    let round = this.chain ? await openRound(this.chain, this.timing.bettingMs) : null;
    if (!round) {
      // The chain ran out (or none is loaded yet): the next playable one, if its seeding event is done.
      const chain = await this.loadChain();
      round = chain ? await openRound(chain, this.timing.bettingMs) : null;
    }
    if (!round) {
      if (!this.waitingForChain) log.warn("no Crash chain with a fixed salt: rounds wait for a seeding event (/admin/games/crash-chains)");
      this.waitingForChain = true;
      await this.sleep(this.timing.chainWaitMs);
      return;
    }
    this.waitingForChain = false;
    await this.onRoundOpened?.(round);
    await this.hub.publish({ t: "betting", r: round.id, g: round.gameNumber, be: round.bettingEndsAt.getTime() });
    // Players' autobets bet on the round while its betting time runs (autobet.server.ts).
    const autobets = placeAutobets(round.id).catch((err: unknown) => log.error({ err }, "autobets failed"));
    await this.sleep(this.timing.bettingMs);
    await autobets;
    if (!this.driving) return;
    const started = await startRound(round.id);
    if (started) await this.run(started);
  }

  /** Publishes the rising multiplier until the crash point, paying auto cash-outs on the way. */
  private async run(round: CrashRound) {
    const { tickMs } = this.timing;
    const localStart = Date.now() - (await elapsedMs(round.id));
    const crashAt = msToReach(round.crashPoint);
    await this.hub.publish({ t: "running", r: round.id, sa: localStart });
    const autos = await autoBets(round.id);
    const paying: Promise<unknown>[] = [];
    let next = 0;
    for (;;) {
      if (!this.driving) {
        await Promise.allSettled(paying);
        return;
      }
      const e = Date.now() - localStart;
      const m = multiplierAt(e);
      // Judged as a cash-out is: crashed once the multiplier reaches the crash point. The start comes from the
      // database clock, so e is fractional and can pass the boundary before the whole millisecond crashAt.
      if (m >= round.crashPoint) break;
      void this.hub.publish({ t: "tick", r: round.id, m, e, ts: preciseNow() });
      while (next < autos.length && autos[next]!.autoCashout <= m) {
        paying.push(autoCashOut(this.hub, autos[next]!, round.gameNumber).catch((err: unknown) => log.error({ err }, "auto cash-out failed")));
        next++;
      }
      const nextTick = (Math.floor(e / tickMs) + 1) * tickMs;
      await this.sleep(Math.min(nextTick, crashAt) - (Date.now() - localStart));
    }
    await Promise.allSettled(paying);
    await this.crash(round);
  }

  private async crash(round: CrashRound) {
    if (await markCrashed(round.id)) await this.hub.publish({ t: "crashed", r: round.id, cp: round.crashPoint, h: round.hash });
    await this.settleEnded({ ...round, status: "crashed" });
    await this.sleep(this.timing.pauseMs);
  }

  /** Keeps the snapshot current from every event this instance sees. */
  private apply(event: CrashEvent) {
    if (event.t === "bet" || event.t === "cashout" || event.t === "hb") return;
    if (event.t !== "betting" && this.snapshot?.id !== event.r) {
      // A round this instance has not seen open (it started or connected meanwhile): take it from the database.
      this.snapshot = {
        id: event.r,
        gameNumber: 0,
        phase: "running",
        bettingEndsAt: 0,
        startedAt: null,
        elapsed: null,
        multiplier: 100,
        crashPoint: null,
        hash: null,
      };
      void this.refreshSnapshot(event.r);
    }
    const s = this.snapshot;
    switch (event.t) {
      case "betting":
        this.snapshot = {
          id: event.r,
          gameNumber: event.g,
          phase: "betting",
          bettingEndsAt: event.be,
          startedAt: null,
          elapsed: null,
          multiplier: 100,
          crashPoint: null,
          hash: null,
        };
        this.tickBase = null;
        return;
      case "running":
        if (s?.id === event.r) this.snapshot = { ...s, phase: "running", startedAt: event.sa, elapsed: 0 };
        this.tickBase = { e: 0, at: Date.now() };
        return;
      case "tick":
        if (s?.id === event.r) this.snapshot = { ...s, phase: "running", multiplier: event.m, elapsed: event.e };
        this.tickBase = { e: event.e, at: Date.now() };
        return;
      case "crashed":
        if (s?.id === event.r) this.snapshot = { ...s, phase: "crashed", multiplier: event.cp, crashPoint: event.cp, hash: event.h, elapsed: null };
        return;
      case "voided":
        if (s?.id === event.r) this.snapshot = { ...s, phase: "voided", elapsed: null };
        return;
    }
  }

  private async refreshSnapshot(roundId: number) {
    const round = await currentRound().catch(() => null);
    const s = this.snapshot;
    if (!round || round.id !== roundId || s?.id !== roundId) return;
    this.snapshot = { ...round, phase: s.phase, multiplier: s.multiplier, elapsed: s.elapsed, crashPoint: s.crashPoint, hash: s.hash };
  }

  /** The snapshot with its elapsed time brought up to now (for a stream that starts between ticks). */
  currentSnapshot(): PublicRound | null {
    const s = this.snapshot;
    if (!s || s.phase !== "running" || !this.tickBase) return s;
    return { ...s, elapsed: this.tickBase.e + (Date.now() - this.tickBase.at) };
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || !this.driving) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private wakeAll() {
    for (const wake of [...this.wakers]) wake();
  }
}
