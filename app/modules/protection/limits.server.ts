// The player's limits: set, decrease (at once), increase or remove (after 24 hours and a confirmation), cancel,
// and what they have used. Every change locks the limit's row and writes its history row in the same transaction.
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { stakeAtRisk } from "#app/modules/exchange/index.ts";
import { exchangeMarkets, exchangeOrders } from "#app/modules/exchange/index.server.ts";
import { gameRounds } from "#app/modules/games/index.server.ts";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import { deposits } from "#app/modules/payments/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { type LimitRefusal, LimitError } from "./limits-errors.ts";
import {
  checkLimit,
  type Counted,
  LONGEST_PERIOD_MS,
  mayConfirm,
  type MoneyKind,
  type MoneyPeriod,
  moneyKinds,
  moneyPeriods,
  PERIOD_MS,
  pendingFromFor,
  used,
} from "./limits-math.ts";
import { type LimitKind, type LimitPeriod, playerProtection, rgLimitChanges, rgLimits } from "./schema.ts";

export type LimitRow = typeof rgLimits.$inferSelect;
export type LimitChange = typeof rgLimitChanges.$inferSelect;
export type LimitSlot = { kind: LimitKind; period: LimitPeriod };

export const SESSION_MINUTES_MIN = 5;
export const SESSION_MINUTES_MAX = 24 * 60;

/** Every limit a player can set: three money kinds over three periods, and the session time. */
export const limitSlots: LimitSlot[] = [
  ...moneyKinds.flatMap((kind) => moneyPeriods.map((period) => ({ kind, period }))),
  { kind: "session", period: "session" },
];

export const isLimitSlot = (kind: unknown, period: unknown): kind is LimitKind => limitSlots.some((s) => s.kind === kind && s.period === period);

/** The limit's value from the form: taka text for money limits, whole minutes for the session. */
export function parseLimitValue(slot: LimitSlot, text: unknown): bigint {
  if (slot.kind === "session") {
    const value = typeof text === "string" ? text.trim() : "";
    const minutes = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
    if (!(minutes >= SESSION_MINUTES_MIN && minutes <= SESSION_MINUTES_MAX)) {
      throw new LimitError("invalid_input", "protectionLimits.errors.minutes", {
        field: "minutes",
        params: { min: String(SESSION_MINUTES_MIN), max: String(SESSION_MINUTES_MAX) },
      });
    }
    return BigInt(minutes);
  }
  const r = parseAmountInput(text, "other");
  if (!r.ok) throw new LimitError("invalid_input", r.messageKey, { field: "amount" });
  return r.amount;
}

const slotWhere = (playerId: number, slot: LimitSlot) =>
  and(eq(rgLimits.playerId, playerId), eq(rgLimits.kind, slot.kind), eq(rgLimits.period, slot.period));

export async function listLimits(playerId: number, ex: Executor = db): Promise<LimitRow[]> {
  return ex.select().from(rgLimits).where(eq(rgLimits.playerId, playerId));
}

export async function listLimitChanges(playerId: number, { limit = 200 } = {}): Promise<LimitChange[]> {
  return db.select().from(rgLimitChanges).where(eq(rgLimitChanges.playerId, playerId)).orderBy(desc(rgLimitChanges.id)).limit(limit);
}

async function record(
  tx: Tx,
  playerId: number,
  slot: LimitSlot,
  action: LimitChange["action"],
  oldAmount: bigint | null,
  newAmount: bigint | null,
  now: Date,
) {
  await tx.insert(rgLimitChanges).values({ playerId, kind: slot.kind, period: slot.period, action, oldAmount, newAmount, createdAt: now });
}

export type ChangeOutcome = "set" | "decreased" | "pending" | "unchanged" | "cancelled";

/**
 * Sets a limit (amount) or asks to remove it (null). A new limit or a lower one applies at once; a higher one or a
 * removal waits 24 hours for the player's confirmation; asking for the current amount again cancels what waits.
 */
export async function changeLimit(playerId: number, slot: LimitSlot, amount: bigint | null, now: Date = new Date()): Promise<ChangeOutcome> {
  if (!isLimitSlot(slot.kind, slot.period)) throw new LimitError("invalid_input", "protectionLimits.errors.unknownLimit");
  return db.transaction(async (tx) => {
    if (amount !== null) {
      const [created] = await tx
        .insert(rgLimits)
        .values({ playerId, kind: slot.kind, period: slot.period, amount, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) {
        await record(tx, playerId, slot, "set", null, amount, now);
        return "set";
      }
    }
    const [row] = await tx.select().from(rgLimits).where(slotWhere(playerId, slot)).for("update");
    if (!row) throw new LimitError("no_limit", "protectionLimits.errors.noLimit");
    const hasPending = row.pendingRemoval || row.pendingAmount !== null;
    const clearPending = { pendingAmount: null, pendingRemoval: false, pendingFrom: null, updatedAt: now };
    if (amount !== null && amount < row.amount) {
      await tx
        .update(rgLimits)
        .set({ amount, ...clearPending })
        .where(slotWhere(playerId, slot));
      await record(tx, playerId, slot, "decrease", row.amount, amount, now);
      return "decreased";
    }
    if (amount === row.amount) {
      if (!hasPending) return "unchanged";
      await tx.update(rgLimits).set(clearPending).where(slotWhere(playerId, slot));
      await record(tx, playerId, slot, "cancel", row.amount, row.amount, now);
      return "cancelled";
    }
    await tx
      .update(rgLimits)
      .set({ pendingAmount: amount, pendingRemoval: amount === null, pendingFrom: pendingFromFor(now), updatedAt: now })
      .where(slotWhere(playerId, slot));
    await record(tx, playerId, slot, amount === null ? "request_removal" : "request_increase", row.amount, amount, now);
    return "pending";
  });
}

/** Applies a waiting increase or removal once its 24 hours have passed; before that a LimitError says from when. */
export async function confirmLimit(playerId: number, slot: LimitSlot, now: Date = new Date()): Promise<"increased" | "removed"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(rgLimits).where(slotWhere(playerId, slot)).for("update");
    if (!row || !row.pendingFrom || (!row.pendingRemoval && row.pendingAmount === null)) {
      throw new LimitError("nothing_pending", "protectionLimits.errors.nothingPending");
    }
    if (!mayConfirm(row.pendingFrom, now)) {
      throw new LimitError("too_early", "protectionLimits.errors.tooEarly", { params: { from: formatDhakaDateTime(row.pendingFrom) } });
    }
    if (row.pendingRemoval) {
      await tx.delete(rgLimits).where(slotWhere(playerId, slot));
      await record(tx, playerId, slot, "confirm", row.amount, null, now);
      return "removed";
    }
    await tx
      .update(rgLimits)
      .set({ amount: row.pendingAmount!, pendingAmount: null, pendingRemoval: false, pendingFrom: null, updatedAt: now })
      .where(slotWhere(playerId, slot));
    await record(tx, playerId, slot, "confirm", row.amount, row.pendingAmount, now);
    return "increased";
  });
}

/** Drops a waiting increase or removal; the limit stays as it is. */
export async function cancelPendingLimit(playerId: number, slot: LimitSlot, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(rgLimits).where(slotWhere(playerId, slot)).for("update");
    if (!row || (!row.pendingRemoval && row.pendingAmount === null))
      throw new LimitError("nothing_pending", "protectionLimits.errors.nothingPending");
    await tx.update(rgLimits).set({ pendingAmount: null, pendingRemoval: false, pendingFrom: null, updatedAt: now }).where(slotWhere(playerId, slot));
    await record(tx, playerId, slot, "cancel", row.amount, row.amount, now);
  });
}

const isMoney = (l: { kind: LimitKind; period: LimitPeriod }): l is { kind: MoneyKind; period: MoneyPeriod } => l.kind !== "session";

const windowStart = (limits: Array<{ period: MoneyPeriod }>, now: Date) =>
  new Date(now.getTime() - Math.max(...limits.map((l) => PERIOD_MS[l.period]), 0));

/** The player's deposits that count (pending or approved) made after `from`. */
async function countedDeposits(ex: Executor, playerId: number, from: Date): Promise<Counted[]> {
  const rows = await ex
    .select({ at: deposits.createdAt, amount: deposits.amount })
    .from(deposits)
    .where(and(eq(deposits.playerId, playerId), inArray(deposits.status, ["pending", "approved"]), gt(deposits.createdAt, from)))
    .orderBy(asc(deposits.createdAt));
  return rows;
}

/**
 * What the player's stake and loss limits count since `from`, casino and exchange alike. A casino round counts its
 * stake, and as a loss its stake minus what it paid. An exchange bet counts what it risks (a lay's liability, the
 * part not cancelled; a lay's matched part at the prices it matched at), and as a loss that same amount until it is settled, then its settled loss (a win counts
 * negative, as a casino win does).
 */
async function countedRounds(ex: Executor, playerId: number, from: Date): Promise<{ stake: Counted[]; loss: Counted[] }> {
  // One after the other: `ex` is often the bet's transaction, whose connection runs one statement at a time.
  const rounds = await ex
    .select({ at: gameRounds.createdAt, stake: gameRounds.stake, payout: gameRounds.payout })
    .from(gameRounds)
    .where(and(eq(gameRounds.playerId, playerId), gt(gameRounds.createdAt, from)));
  const bets = await ex
    .select({
      at: exchangeOrders.placedAt,
      kind: exchangeMarkets.kind,
      side: exchangeOrders.side,
      tick: exchangeOrders.tick,
      rate: exchangeOrders.rate,
      size: exchangeOrders.size,
      cancelled: exchangeOrders.cancelled,
      matched: exchangeOrders.matched,
      matchedReturn: exchangeOrders.matchedReturn,
      profit: exchangeOrders.profit,
    })
    .from(exchangeOrders)
    .innerJoin(exchangeMarkets, eq(exchangeMarkets.id, exchangeOrders.marketId))
    .where(and(eq(exchangeOrders.playerId, playerId), gt(exchangeOrders.placedAt, from)));
  const stake: Counted[] = rounds.map((r) => ({ at: r.at, amount: r.stake }));
  const loss: Counted[] = rounds.map((r) => ({ at: r.at, amount: r.stake - r.payout }));
  for (const b of bets) {
    const atRisk = stakeAtRisk(b);
    stake.push({ at: b.at, amount: atRisk });
    loss.push({ at: b.at, amount: b.profit === null ? atRisk : -b.profit });
  }
  return { stake, loss };
}

type MoneyLimit = { kind: MoneyKind; period: MoneyPeriod; amount: bigint };

/** The refusal that matters most: the one that frees up last (never before any date). */
function worst(refusals: LimitRefusal[]): LimitRefusal | null {
  let out: LimitRefusal | null = null;
  for (const r of refusals) {
    if (!out || out.resetsAt === null) out ??= r;
    else if (r.resetsAt === null || r.resetsAt > out.resetsAt) out = r;
  }
  return out;
}

function refusalsOf(limits: MoneyLimit[], rows: Record<MoneyKind, Counted[]>, amount: bigint, now: Date): LimitRefusal | null {
  const refused: LimitRefusal[] = [];
  for (const l of limits) {
    const r = checkLimit(l.kind, l.period, l.amount, rows[l.kind], amount, now);
    if (!r.ok) refused.push({ kind: l.kind, period: l.period, limit: l.amount, remaining: r.remaining, resetsAt: r.resetsAt });
  }
  return worst(refused);
}

/**
 * Whether a deposit of `amount` fits the player's deposit limits. Inside the deposit's per-player lock this is
 * the check that holds under parallel submissions.
 */
export async function checkDepositLimits(ex: Executor, playerId: number, amount: bigint, now: Date = new Date()): Promise<LimitRefusal | null> {
  const limits = (await ex
    .select({ kind: rgLimits.kind, period: rgLimits.period, amount: rgLimits.amount })
    .from(rgLimits)
    .where(and(eq(rgLimits.playerId, playerId), eq(rgLimits.kind, "deposit")))) as MoneyLimit[];
  if (!limits.length) return null;
  const rows = await countedDeposits(ex, playerId, windowStart(limits, now));
  return refusalsOf(limits, { deposit: rows, stake: [], loss: [] }, amount, now);
}

/** Whether a stake of `amount` fits the given stake and loss limits (read by the caller under the player's lock). */
export async function checkStakeLimits(
  ex: Executor,
  playerId: number,
  limits: MoneyLimit[],
  amount: bigint,
  now: Date,
): Promise<LimitRefusal | null> {
  const relevant = limits.filter((l) => l.kind === "stake" || l.kind === "loss");
  if (!relevant.length) return null;
  const rounds = await countedRounds(ex, playerId, windowStart(relevant, now));
  return refusalsOf(relevant, { deposit: [], ...rounds }, amount, now);
}

export type LimitView = LimitSlot & {
  amount: bigint | null;
  used: bigint | null;
  remaining: bigint | null;
  pendingAmount: bigint | null;
  pendingRemoval: boolean;
  pendingFrom: Date | null;
  mayConfirm: boolean;
};

/** Every slot with its limit (or none), what is used and left of it now, and what waits for confirmation. */
export async function limitOverview(playerId: number, now: Date = new Date()): Promise<LimitView[]> {
  const rows = await listLimits(playerId);
  const from = new Date(now.getTime() - LONGEST_PERIOD_MS);
  const money = rows.filter(isMoney);
  const needsRounds = money.some((l) => l.kind !== "deposit");
  const [dep, rounds] = await Promise.all([
    money.some((l) => l.kind === "deposit") ? countedDeposits(db, playerId, from) : Promise.resolve([]),
    needsRounds ? countedRounds(db, playerId, from) : Promise.resolve({ stake: [], loss: [] }),
  ]);
  const counted: Record<MoneyKind, Counted[]> = { deposit: dep, ...rounds };
  return limitSlots.map((slot) => {
    const row = rows.find((r) => r.kind === slot.kind && r.period === slot.period);
    const usedNow = row && isMoney(slot) ? used(slot.kind, counted[slot.kind], slot.period, now) : null;
    return {
      ...slot,
      amount: row?.amount ?? null,
      used: usedNow,
      remaining: row && usedNow !== null ? (row.amount > usedNow ? row.amount - usedNow : 0n) : null,
      pendingAmount: row?.pendingAmount ?? null,
      pendingRemoval: row?.pendingRemoval ?? false,
      pendingFrom: row?.pendingFrom ?? null,
      mayConfirm: Boolean(row?.pendingFrom && mayConfirm(row.pendingFrom, now)),
    };
  });
}

/** For the first-deposit prompt: never deposited, no deposit limit, never prompted. */
export async function shouldPromptDepositLimit(playerId: number): Promise<boolean> {
  const [row] = rowsOf<{ prompt: boolean }>(
    await db.execute(sql`
    select not exists (select 1 from deposits where player_id = ${playerId})
      and not exists (select 1 from rg_limits where player_id = ${playerId} and kind = 'deposit')
      and not exists (select 1 from player_protection where player_id = ${playerId} and deposit_limit_prompted_at is not null) as prompt`),
  );
  return Boolean(row?.prompt);
}

/** The player saw the prompt (skipped it or set a limit). */
export async function markDepositLimitPrompted(playerId: number, now: Date = new Date()): Promise<void> {
  await db
    .insert(playerProtection)
    .values({ playerId, depositLimitPromptedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: playerProtection.playerId,
      set: { depositLimitPromptedAt: sql`coalesce(${playerProtection.depositLimitPromptedAt}, excluded.deposit_limit_prompted_at)`, updatedAt: now },
    });
}

/** The reality-check interval staff see (0: off). */
export async function realityCheckMinutes(playerId: number): Promise<number> {
  const [row] = await db.select({ m: playerProtection.realityCheckMinutes }).from(playerProtection).where(eq(playerProtection.playerId, playerId));
  return row?.m ?? 0;
}

/** The staff tab: the player (null when unknown), their limits, every change and the reality-check interval. */
export async function limitsForStaff(playerId: number) {
  const [player] = await db.select({ id: players.id, username: players.username }).from(players).where(eq(players.id, playerId));
  if (!player) return null;
  const [overview, changes, reality] = await Promise.all([
    limitOverview(playerId),
    listLimitChanges(playerId, { limit: 500 }),
    realityCheckMinutes(playerId),
  ]);
  return { player, overview, changes, reality };
}
