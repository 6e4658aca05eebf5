// The VIP levels and the accrual rule as staff set them (/admin/vip), every change audited, and the defaults
// every install starts with.
import { asc, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { DEFAULT_MIN_CONVERT, DEFAULT_RATIO, DEFAULT_STAKE_PER_POINT } from "./rules.ts";
import { type VipLevel, vipLevels, type VipSettings, vipSettings } from "./schema.ts";

/**
 * Normal, then Elite I to V, with their Bangla names: experience in whole VP (1 VP per ৳100 settled), ratio in VP per
 * ৳100. Migration 0015 gave a database made before Bangla names the same ones (for levels still named so).
 */
export const DEFAULT_LEVELS = [
  { name: "Normal", nameBn: "সাধারণ", experience: 0n, ratio: DEFAULT_RATIO },
  { name: "Elite I", nameBn: "এলিট I", experience: 100n, ratio: 400 },
  { name: "Elite II", nameBn: "এলিট II", experience: 500n, ratio: 250 },
  { name: "Elite III", nameBn: "এলিট III", experience: 2_000n, ratio: 200 },
  { name: "Elite IV", nameBn: "এলিট IV", experience: 10_000n, ratio: 125 },
  { name: "Elite V", nameBn: "এলিট V", experience: 50_000n, ratio: 100 },
] as const;

/** The rule row and, when no level exists yet, the default levels. Safe to run on every start. */
export async function ensureVipDefaults(ex: Executor = db) {
  await ex.insert(vipSettings).values({ id: 1, stakePerPoint: DEFAULT_STAKE_PER_POINT, minConvert: DEFAULT_MIN_CONVERT }).onConflictDoNothing();
  const [any] = await ex.select({ id: vipLevels.id }).from(vipLevels).limit(1);
  if (any) return false;
  await ex
    .insert(vipLevels)
    .values(DEFAULT_LEVELS.map((l, i) => ({ ...l, sortOrder: i + 1 })))
    .onConflictDoNothing();
  return true;
}

export async function listLevels(ex: Executor = db): Promise<VipLevel[]> {
  return ex.select().from(vipLevels).orderBy(asc(vipLevels.experience), asc(vipLevels.sortOrder), asc(vipLevels.id));
}

export async function readVipSettings(ex: Executor = db): Promise<VipSettings> {
  const [row] = await ex.select().from(vipSettings).where(eq(vipSettings.id, 1));
  return row ?? { id: 1, stakePerPoint: DEFAULT_STAKE_PER_POINT, minConvert: DEFAULT_MIN_CONVERT, updatedAt: new Date(0) };
}

type Actor = { id: number; ip: string | null };
/** `nameBn`: null clears the Bangla name; left out (undefined), an update keeps it. */
export type LevelInput = { id?: number; name: string; nameBn?: string | null; experience: bigint; ratio: number; sortOrder: number };
export type LevelResult = { ok: true; id: number } | { ok: false; field: "name" | "experience" | "form"; error: string };

const snapshot = (l: Pick<VipLevel, "name" | "nameBn" | "experience" | "ratio" | "sortOrder">) => ({
  name: l.name,
  nameBn: l.nameBn,
  experience: String(l.experience),
  ratio: l.ratio,
  sortOrder: l.sortOrder,
});

/** The columns a save writes; a Bangla name left out of the input stays `current`. */
const levelValues = (input: LevelInput, current: string | null) => ({
  name: input.name,
  nameBn: input.nameBn === undefined ? current : input.nameBn,
  experience: input.experience,
  ratio: input.ratio,
  sortOrder: input.sortOrder,
});

/** Some level must need no experience, or a new player would have none. */
async function hasStartLevel(ex: Executor) {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(vipLevels)
    .where(eq(vipLevels.experience, 0n));
  return (row?.n ?? 0) > 0;
}

/** Creates (no id) or updates a level; names are unique; refused if no level would be left at experience 0. */
export async function saveLevel(actor: Actor, input: LevelInput): Promise<LevelResult> {
  return db
    .transaction(async (tx) => {
      // One editor at a time: the start-level check below must see every other change.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip_levels'))`);
      const [clash] = await tx
        .select({ id: vipLevels.id })
        .from(vipLevels)
        .where(
          input.id
            ? sql`lower(${vipLevels.name}) = lower(${input.name}) and ${ne(vipLevels.id, input.id)}`
            : sql`lower(${vipLevels.name}) = lower(${input.name})`,
        );
      if (clash) return { ok: false, field: "name", error: "vip.admin.errors.nameTaken" } as const;
      let id: number;
      if (input.id) {
        const [before] = await tx.select().from(vipLevels).where(eq(vipLevels.id, input.id)).for("update");
        if (!before) return { ok: false, field: "form", error: "vip.admin.errors.levelMissing" } as const;
        const values = levelValues(input, before.nameBn);
        await tx
          .update(vipLevels)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(vipLevels.id, input.id));
        id = input.id;
        await audit(tx, {
          staffId: actor.id,
          action: "vip.level.update",
          entity: "vip_level",
          entityId: id,
          before: snapshot(before),
          after: snapshot(values),
          ip: actor.ip,
        });
      } else {
        const values = levelValues(input, null);
        const [row] = await tx.insert(vipLevels).values(values).returning({ id: vipLevels.id });
        id = row!.id;
        await audit(tx, { staffId: actor.id, action: "vip.level.create", entity: "vip_level", entityId: id, after: snapshot(values), ip: actor.ip });
      }
      if (!(await hasStartLevel(tx))) throw new NoStartLevel();
      return { ok: true, id } as const;
    })
    .catch((e: unknown) => {
      if (isRollback(e)) return { ok: false, field: "experience", error: "vip.admin.errors.startLevel" } as const;
      throw e;
    });
}

/** Removes a level (players' levels follow from their experience, so nobody keeps a deleted one). */
export async function deleteLevel(actor: Actor, id: number): Promise<LevelResult> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vip_levels'))`);
      const [before] = await tx.delete(vipLevels).where(eq(vipLevels.id, id)).returning();
      if (!before) return { ok: false, field: "form", error: "vip.admin.errors.levelMissing" } as const;
      await audit(tx, { staffId: actor.id, action: "vip.level.delete", entity: "vip_level", entityId: id, before: snapshot(before), ip: actor.ip });
      if (!(await hasStartLevel(tx))) throw new NoStartLevel();
      return { ok: true, id } as const;
    })
    .catch((e: unknown) => {
      if (isRollback(e)) return { ok: false, field: "form", error: "vip.admin.errors.startLevel" } as const;
      throw e;
    });
}

/** Thrown inside a level change to undo it: no level would be left at experience 0. */
class NoStartLevel extends Error {}
const isRollback = (e: unknown) => e instanceof NoStartLevel;

/** The accrual rule (poisha of settled stakes per 1 VP) and the smallest conversion (whole VP). */
export async function saveVipRule(actor: Actor, input: { stakePerPoint: bigint; minConvert: number }): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(vipSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select().from(vipSettings).where(eq(vipSettings.id, 1)).for("update");
    if (before!.stakePerPoint === input.stakePerPoint && before!.minConvert === input.minConvert) return { changed: false };
    await tx
      .update(vipSettings)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(vipSettings.id, 1));
    const view = (s: { stakePerPoint: bigint; minConvert: number }) => ({ stakePerPoint: String(s.stakePerPoint), minConvert: s.minConvert });
    await audit(tx, {
      staffId: actor.id,
      action: "vip.rule.update",
      entity: "vip_settings",
      entityId: 1,
      before: view(before!),
      after: view(input),
      ip: actor.ip,
    });
    return { changed: true };
  });
}
