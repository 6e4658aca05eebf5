// Creating an event with its markets, as a feed (or the demo seed) announces it: match odds with its runners, an
// optional Bookmaker market on the same runners, and Fancy lines. Idempotent on the feed's external id.
import { and, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { marketKind } from "./market-kinds.ts";
import { exchangeEvents, exchangeMarkets, exchangeRunners, type Sport } from "./schema.ts";

export type FancyLineSpec = { name: string; noLine: number; yesLine: number; noRate: number; yesRate: number };

export type EventSpec = {
  externalId: string;
  sport: Sport;
  competition: string;
  name: string;
  startsAt: Date;
  /** The teams or players, in display order. */
  runners: string[];
  bookmaker?: { backRates: number[]; layRates: number[] };
  fancy?: FancyLineSpec[];
  /** Stakes in poisha. */
  minStake?: bigint;
  maxStake?: bigint;
};

/** The event's id, creating it and its markets the first time this external id is seen. */
export async function ensureEvent(spec: EventSpec): Promise<{ eventId: number; created: boolean }> {
  if (spec.runners.length < 2) throw new Error("An event needs at least two runners");
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(exchangeEvents)
      .values({ externalId: spec.externalId, sport: spec.sport, competition: spec.competition, name: spec.name, startsAt: spec.startsAt })
      .onConflictDoNothing({ target: exchangeEvents.externalId })
      .returning({ id: exchangeEvents.id });
    if (!inserted) {
      const [existing] = await tx.select({ id: exchangeEvents.id }).from(exchangeEvents).where(eq(exchangeEvents.externalId, spec.externalId));
      return { eventId: existing!.id, created: false };
    }
    const stakes = { ...(spec.minStake ? { minStake: spec.minStake } : {}), ...(spec.maxStake ? { maxStake: spec.maxStake } : {}) };
    const [odds] = await tx
      .insert(exchangeMarkets)
      .values({ eventId: inserted.id, kind: "match_odds", name: "Match Odds", sortOrder: 0, ...stakes })
      .returning({ id: exchangeMarkets.id });
    await tx.insert(exchangeRunners).values(spec.runners.map((name, i) => ({ marketId: odds!.id, name, sortOrder: i + 1 })));
    if (spec.bookmaker) {
      const [bm] = await tx
        .insert(exchangeMarkets)
        .values({ eventId: inserted.id, kind: "bookmaker", name: "Bookmaker", ...marketKind("bookmaker").defaults, sortOrder: 1, ...stakes })
        .returning({ id: exchangeMarkets.id });
      await tx.insert(exchangeRunners).values(
        spec.runners.map((name, i) => ({
          marketId: bm!.id,
          name,
          sortOrder: i + 1,
          backRate: spec.bookmaker!.backRates[i] ?? null,
          layRate: spec.bookmaker!.layRates[i] ?? null,
        })),
      );
    }
    if (spec.fancy?.length) {
      await tx.insert(exchangeMarkets).values(
        spec.fancy.map((f, i) => ({
          eventId: inserted.id,
          kind: "fancy" as const,
          ...marketKind("fancy").defaults,
          sortOrder: 10 + i,
          ...stakes,
          ...f,
        })),
      );
    }
    return { eventId: inserted.id, created: true };
  });
}

/** Adds the Fancy lines an event does not have yet (by name), as a feed offers new ones during the match. */
export async function ensureFancyLines(eventId: number, lines: FancyLineSpec[], stakes: { minStake?: bigint; maxStake?: bigint } = {}) {
  if (!lines.length) return;
  const existing = await db
    .select({ name: exchangeMarkets.name })
    .from(exchangeMarkets)
    .where(and(eq(exchangeMarkets.eventId, eventId), eq(exchangeMarkets.kind, "fancy")));
  const known = new Set(existing.map((m) => m.name));
  const fresh = lines.filter((l) => !known.has(l.name));
  if (!fresh.length) return;
  await db.insert(exchangeMarkets).values(
    fresh.map((f, i) => ({
      eventId,
      kind: "fancy" as const,
      ...marketKind("fancy").defaults,
      sortOrder: 10 + existing.length + i,
      ...(stakes.minStake ? { minStake: stakes.minStake } : {}),
      ...(stakes.maxStake ? { maxStake: stakes.maxStake } : {}),
      ...f,
    })),
  );
}
