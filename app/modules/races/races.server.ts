// The races staff set up (/admin/races) and their prize tables. A race's name, products, minimum stake and active flag
// apply at once; its prize terms (prizes, wallet, turnover) apply from the period after the one running when they
// were changed, so players race for the prizes they were shown. A race's period kind (daily, weekly) is fixed.
import { and, asc, desc, eq, lte } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { RaceError } from "./errors.ts";
import { periodStartOf, shiftPeriod } from "./periods.ts";
import { type RacePeriodKind, racePrizeTables, races, type RaceWallet } from "./schema.ts";
import { forgetRaceCache } from "./standings.server.ts";
import type { RaceSettings } from "./validation.ts";

export type Race = typeof races.$inferSelect;
export type PrizeTerms = { fromPeriod: string; prizes: bigint[]; wallet: RaceWallet; turnoverMultiplier: number };

const toTerms = (row: typeof racePrizeTables.$inferSelect): PrizeTerms => ({
  fromPeriod: row.fromPeriod,
  prizes: row.prizes.map((p) => BigInt(p)),
  wallet: row.wallet,
  turnoverMultiplier: row.turnoverMultiplier,
});

export async function listRaces(ex: Executor = db): Promise<Race[]> {
  return ex.select().from(races).orderBy(desc(races.active), asc(races.id));
}

export async function getRace(id: number, ex: Executor = db): Promise<Race | null> {
  const [row] = await ex.select().from(races).where(eq(races.id, id));
  return row ?? null;
}

/** The prize terms a period pays by: the latest table valid from its start or earlier. */
export async function prizeTermsFor(raceId: number, periodStart: string, ex: Executor = db): Promise<PrizeTerms | null> {
  const [row] = await ex
    .select()
    .from(racePrizeTables)
    .where(and(eq(racePrizeTables.raceId, raceId), lte(racePrizeTables.fromPeriod, periodStart)))
    .orderBy(desc(racePrizeTables.fromPeriod))
    .limit(1);
  return row ? toTerms(row) : null;
}

/** Prize terms waiting for a later period than `periodStart` (a change made while it runs), or null. */
export async function upcomingTerms(raceId: number, periodStart: string, ex: Executor = db): Promise<PrizeTerms | null> {
  const rows = await ex.select().from(racePrizeTables).where(eq(racePrizeTables.raceId, raceId)).orderBy(desc(racePrizeTables.fromPeriod)).limit(1);
  const row = rows[0];
  return row && row.fromPeriod > periodStart ? toTerms(row) : null;
}

const termsSnapshot = (t: Pick<PrizeTerms, "prizes" | "wallet" | "turnoverMultiplier">) => ({
  prizes: t.prizes.map(String),
  wallet: t.wallet,
  turnoverMultiplier: t.turnoverMultiplier,
});
const raceSnapshot = (r: Pick<Race, "name" | "nameBn" | "period" | "products" | "minStake" | "active">) => ({
  name: r.name,
  nameBn: r.nameBn,
  period: r.period,
  products: [...r.products].sort(),
  minStake: String(r.minStake),
  active: r.active,
});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type SaveRaceResult = { id: number; changed: boolean; termsFrom: string | null };

/**
 * Creates (id null) or updates a race, audited in the same transaction. New prize terms of a race start with the
 * period running now when it is created, else with the next period (`termsFrom` says which; null: unchanged).
 */
export async function saveRace(
  actor: { id: number; ip: string | null },
  id: number | null,
  s: RaceSettings,
  now: Date = new Date(),
): Promise<SaveRaceResult> {
  const fields = { name: s.name, nameBn: s.nameBn, period: s.period as RacePeriodKind, products: s.products, minStake: s.minStake, active: s.active };
  const terms = { prizes: s.prizes.map(String), wallet: s.wallet, turnoverMultiplier: s.wallet === "bonus" ? s.turnoverMultiplier : 0 };
  const result = await db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx.insert(races).values(fields).returning();
      const fromPeriod = periodStartOf(s.period, now);
      await tx.insert(racePrizeTables).values({ raceId: row!.id, fromPeriod, ...terms });
      await audit(tx, {
        staffId: actor.id,
        action: "race.create",
        entity: "race",
        entityId: row!.id,
        before: null,
        after: { ...raceSnapshot(row!), terms: { ...terms, fromPeriod } },
        ip: actor.ip,
      });
      return { id: row!.id, changed: true, termsFrom: fromPeriod };
    }
    const [before] = await tx.select().from(races).where(eq(races.id, id)).for("update");
    if (!before) throw new RaceError("not_found");
    if (before.period !== s.period) throw new RaceError("period_fixed", "period");
    const current = periodStartOf(before.period, now);
    const [latest] = await tx.select().from(racePrizeTables).where(eq(racePrizeTables.raceId, id)).orderBy(desc(racePrizeTables.fromPeriod)).limit(1);
    const termsChanged = !latest || !same(termsSnapshot(toTerms(latest)), termsSnapshot({ ...terms, prizes: s.prizes }));
    const fieldsChanged = !same(raceSnapshot(before), raceSnapshot({ ...fields }));
    if (!termsChanged && !fieldsChanged) return { id, changed: false, termsFrom: null };
    let termsFrom: string | null = null;
    if (termsChanged) {
      termsFrom = shiftPeriod(before.period, current, 1);
      await tx
        .insert(racePrizeTables)
        .values({ raceId: id, fromPeriod: termsFrom, ...terms })
        .onConflictDoUpdate({ target: [racePrizeTables.raceId, racePrizeTables.fromPeriod], set: { ...terms, createdAt: now } });
    }
    const [after] = await tx
      .update(races)
      .set({ ...fields, updatedAt: now })
      .where(eq(races.id, id))
      .returning();
    await audit(tx, {
      staffId: actor.id,
      action: "race.update",
      entity: "race",
      entityId: id,
      before: { ...raceSnapshot(before), terms: latest ? { ...termsSnapshot(toTerms(latest)), fromPeriod: latest.fromPeriod } : null },
      after: { ...raceSnapshot(after!), terms: termsFrom ? { ...terms, fromPeriod: termsFrom } : "unchanged" },
      ip: actor.ip,
    });
    return { id, changed: true, termsFrom };
  });
  forgetRaceCache();
  return result;
}
