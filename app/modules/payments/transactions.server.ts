// The player's transaction record: deposits, withdrawals, adjustments, VIP point conversions and race prizes in one
// list, filtered by status, type and Asia/Dhaka day ranges, and one transaction's details. Ids carry their type: D12,
// W3, A7, V5, R9 (a race prize is named by its ledger transfer: race_prizes has no id of its own).
import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "#app/db/db.server.ts";
import { dhakaRange } from "#app/kernel/dhaka-time.ts";
import { paymentMethods, adjustments, deposits, gatewayPayments, walletNumbers, withdrawals } from "./schema.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { promotions } from "#app/modules/promotions/index.server.ts";
import { formatVp } from "#app/modules/vip/index.ts";
import { vipEntries } from "#app/modules/vip/index.server.ts";
import {
  type DepositChannelType,
  type DateRange,
  dateRangeOf,
  dateRanges,
  type ReviewStatus,
  type TransactionStatus,
  transactionStatuses,
  type TransactionType,
  transactionTypes,
} from "./constants.ts";
import { readMoneySettings } from "./settings.server.ts";
import { canRevertDeposit, canRevertWithdrawal } from "./revert.server.ts";
import { type ResubmitState, resubmitState } from "./resubmit-rules.server.ts";
import { parseTransactionId } from "./validation.ts";
import { periodLabel, type RacePeriod } from "#app/modules/races/index.ts";

/** The deposit that resubmitted a rejected one. */
const resubmissions = alias(deposits, "resubmissions");

export type TransactionItem = {
  id: string;
  type: TransactionType;
  amount: bigint;
  status: TransactionStatus;
  createdAt: Date;
  updatedAt: Date;
  methodName: string | null;
  methodIcon: string | null;
  channelType: DepositChannelType | null;
  /** Adjustments only: money in (credit) or out (debit) of the player's main wallet. */
  direction: "credit" | "debit" | null;
  /** VIP point conversions only: the VP (in hundredths) converted into `amount`. */
  vipPoints: bigint | null;
  /** Gateway deposits only: staff refunded it to the player's wallet (its status stays "success": it was paid). */
  refunded: boolean;
  /** The player cancelled it while pending: it counts as "fail" in the filters and reads Cancelled. */
  cancelled: boolean;
  /** Race prizes only: the race (both languages) and the period it was won in. */
  race: RacePrizeOf | null;
};

/** A race prize's race and period: the names in English and Bangla, "2026-11-28" or a week's first and last day. */
export type RacePrizeOf = { name: string; nameBn: string; period: string };

export type TransactionFilter = {
  status?: TransactionStatus;
  type?: TransactionType;
  range: DateRange;
  page?: number;
  pageSize?: number;
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const statusOf = (s: ReviewStatus): TransactionStatus => (s === "approved" ? "success" : s === "pending" ? "pending" : "fail");
const prefix: Record<TransactionType, string> = { deposit: "D", withdraw: "W", adjustment: "A", vip: "V", race: "R" };

/** VP as the record shows them: "40 VP", "12.50 VP". */
export const vipPointsText = (cvp: bigint) => `${formatVp(cvp)} VP`;

type TransactionRow = {
  player_id: number;
  type: TransactionType;
  /** A string when the union reads a ledger transfer's bigint id (race prizes). */
  id: number | string;
  amount: string;
  status: TransactionStatus;
  created_at: string | Date;
  updated_at: string | Date;
  method_name: string | null;
  method_icon: string | null;
  channel_type: DepositChannelType | null;
  direction: "credit" | "debit" | null;
  vip_points: string | null;
  refunded: boolean;
  cancelled: boolean;
  race_name: string | null;
  race_name_bn: string | null;
  race_period: RacePeriod | null;
  period_start: string | null;
};

/**
 * Deposits, withdrawals, adjustments, VIP point conversions and race prizes of the players `players` picks (a
 * condition on player_id) as one table `t`. A race prize is read with the ledger transfer that paid it (its key is
 * race:<race>:<period>:<rank>): its id and time are the transfer's.
 */
function allTransactions(players: SQL): SQL {
  return sql`(
    select d.player_id, 'deposit' as type, d.id, d.amount::text as amount,
      case d.status when 'approved' then 'success' when 'pending' then 'pending' else 'fail' end as status,
      d.created_at, d.updated_at, m.name as method_name, m.icon as method_icon, d.channel_type, null::text as direction,
      null::text as vip_points,
      exists (select 1 from gateway_payments gp where gp.deposit_id = d.id and gp.status = 'refunded') as refunded,
      d.status = 'cancelled' as cancelled,
      null::text as race_name, null::text as race_name_bn, null::text as race_period, null::text as period_start
    from deposits d join payment_methods m on m.id = d.method_id where d.player_id ${players}
    union all
    select w.player_id, 'withdraw', w.id, w.amount::text, case w.status when 'approved' then 'success' when 'pending' then 'pending' else 'fail' end,
      w.created_at, w.updated_at, m.name, m.icon, null, null, null, false, w.status = 'cancelled',
      null, null, null, null
    from withdrawals w join payment_methods m on m.id = w.method_id where w.player_id ${players}
    union all
    select a.player_id, 'adjustment', a.id, a.amount::text, 'success', a.created_at, a.created_at, null, null, null, a.direction, null, false, false,
      null, null, null, null
    from adjustments a where a.player_id ${players}
    union all
    select v.player_id, 'vip', v.id, v.amount::text, 'success', v.created_at, v.created_at, null, null, null, null, v.points::text, false, false,
      null, null, null, null
    from vip_entries v where v.kind = 'used' and v.source = 'conversion' and v.player_id ${players}
    union all
    select z.player_id, 'race', lt.id, z.amount::text, 'success', lt.created_at, lt.created_at, null, null, null, null, null, false, false,
      r.name, r.name_bn, r.period, to_char(z.period_start, 'YYYY-MM-DD')
    from race_prizes z join races r on r.id = z.race_id
      join ledger_transfers lt on lt.key = ${racePrizeKey}
    where z.player_id ${players}
  ) t`;
}

/** The ledger key race prize z was paid with (the races job's race:<race>:<period>:<rank>). */
const racePrizeKey = sql`'race:' || z.race_id || ':' || to_char(z.period_start, 'YYYY-MM-DD') || ':' || z.rank`;

const raceOf = (r: Pick<TransactionRow, "race_name" | "race_name_bn" | "race_period" | "period_start">): RacePrizeOf | null =>
  r.race_name === null || r.race_period === null || r.period_start === null
    ? null
    : { name: r.race_name, nameBn: r.race_name_bn || r.race_name, period: periodLabel(r.race_period, r.period_start) };

const toItem = (r: TransactionRow): TransactionItem => ({
  id: `${prefix[r.type]}${r.id}`,
  type: r.type,
  amount: BigInt(r.amount),
  status: r.status,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  methodName: r.method_name,
  methodIcon: r.method_icon,
  channelType: r.channel_type,
  direction: r.direction,
  vipPoints: r.vip_points === null ? null : BigInt(r.vip_points),
  refunded: r.refunded === true,
  cancelled: r.cancelled === true,
  race: raceOf(r),
});

/** Newest first. Unknown filter values count as "all" (status, type) or "today" (range); page sizes 10, 25, 50, 100. */
export async function listTransactions(
  playerId: number,
  { status, type, range, page = 1, pageSize = 10, now = new Date() }: TransactionFilter & { now?: Date },
): Promise<{ items: TransactionItem[]; total: number }> {
  const size = (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 10;
  const offset = (Math.max(1, Math.trunc(page) || 1) - 1) * size;
  const named = dateRangeOf[dateRanges.includes(range) ? range : "today"];
  const { start: from, end: to } = named ? dhakaRange(named, now) : { start: null, end: null };
  const conditions: SQL[] = [];
  if (status && transactionStatuses.includes(status)) conditions.push(sql`t.status = ${status}`);
  if (type && transactionTypes.includes(type)) conditions.push(sql`t.type = ${type}`);
  if (from) conditions.push(sql`t.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`t.created_at < ${to.toISOString()}::timestamptz`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const all = allTransactions(sql`= ${playerId}`);
  const [totals] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from ${all} ${where}`));
  const rows = rowsOf<TransactionRow>(
    await db.execute(sql`
      select t.* from ${all} ${where}
      order by t.created_at desc, t.type, t.id desc
      limit ${size} offset ${offset}`),
  );
  return {
    items: rows.map(toItem),
    total: Number(totals?.n ?? 0),
  };
}

export type TimelineStep = { step: "submitted" | "reviewed" | "success" | "fail" | "cancelled"; at: Date | null };

/** Rows of the details table; labels are money.fields.<key>. Amounts are poisha, times Dates (shown in Dhaka). */
export type TransactionField =
  | {
      key:
        "transactionId" | "method" | "channel" | "trxId" | "senderNumber" | "paidTo" | "accountNumber" | "payoutReference" | "reason" | "vipPoints";
      value: string;
    }
  | { key: "amount" | "bonus"; value: bigint }
  | { key: "promotion" | "race"; value: { en: string; bn: string } }
  | { key: "period" | "rank"; value: string }
  | { key: "wallet"; value: "main" | "bonus" }
  | { key: "createdAt" | "updatedAt"; value: Date };

/**
 * A withdrawal's progress as the player follows it: its timeline (submitted, reviewed, then paid or rejected; a
 * pending one ends with the payout still to come), the staff's reason when rejected, and the promised payout time.
 */
export type WithdrawalTracker = {
  status: ReviewStatus;
  /** The timeline's steps; a pending withdrawal's last one is the payout still to come (`at` null). */
  steps: TimelineStep[];
  /** The step the withdrawal waits at: "reviewed" while pending, none once paid or rejected. */
  current: TimelineStep["step"] | null;
  /** The staff's reason for a rejection. */
  reason: string | null;
  /** Submitted + payout_promise_hours. */
  expectedBy: Date;
  /** Still pending past `expectedBy`. */
  overdue: boolean;
};

/** A deposit's timeline may end with its refund to the player's wallet. */
export type DetailsStep = { step: TimelineStep["step"] | "refunded"; at: Date | null };

export type TransactionDetails = TransactionItem & {
  timeline: DetailsStep[];
  fields: TransactionField[];
  tracker: WithdrawalTracker | null;
  /** Deposits reported with a screenshot. */
  hasProof: boolean;
  /** The player may cancel it now (a pending request nobody has taken). */
  revertible: boolean;
  /** A rejected manual deposit's edit-and-resubmit state ("none" for everything else). */
  resubmit: ResubmitState;
  /** The rejected deposit this one was resubmitted from ("D12"). */
  resubmittedFrom: string | null;
};

function timeline(status: ReviewStatus, createdAt: Date, reviewedAt: Date | null, cancelledAt: Date | null): TimelineStep[] {
  const steps: TimelineStep[] = [{ step: "submitted", at: createdAt }];
  if (status === "cancelled") return [...steps, { step: "cancelled", at: cancelledAt }];
  if (status === "pending") return [...steps, { step: "reviewed", at: null }];
  return [...steps, { step: "reviewed", at: reviewedAt }, { step: status === "approved" ? "success" : "fail", at: reviewedAt }];
}

/** When a withdrawal made at `createdAt` is promised to be paid, and whether a pending one is past it at `now`. */
export function payoutPromise(status: ReviewStatus | TransactionStatus, createdAt: Date, promiseHours: number, now = new Date()) {
  const expectedBy = new Date(createdAt.getTime() + promiseHours * 3_600_000);
  return { expectedBy, overdue: status === "pending" && now.getTime() > expectedBy.getTime() };
}

/** The tracker of one withdrawal row, from its timeline and the promised payout hours. */
export function withdrawalTracker(
  w: { status: ReviewStatus; createdAt: Date; reviewedAt: Date | null; rejectReason: string | null; cancelledAt?: Date | null },
  promiseHours: number,
  now = new Date(),
): WithdrawalTracker {
  const steps = timeline(w.status, w.createdAt, w.reviewedAt, w.cancelledAt ?? null);
  const pending = w.status === "pending";
  return {
    status: w.status,
    steps: pending ? [...steps, { step: "success", at: null }] : steps,
    current: pending ? "reviewed" : null,
    reason: w.status === "rejected" ? w.rejectReason : null,
    ...payoutPromise(w.status, w.createdAt, promiseHours, now),
  };
}

/**
 * A transaction that is done when it is made (an adjustment, a VIP point conversion): successful at once, with no
 * review; its fields are its id, `fields` and its time.
 */
function instantDetails(
  type: "adjustment" | "vip" | "race",
  row: { id: number; amount: bigint; createdAt: Date },
  { direction, vipPoints, race = null }: Pick<TransactionItem, "direction" | "vipPoints"> & { race?: RacePrizeOf | null },
  fields: TransactionField[],
): TransactionDetails {
  const id = `${prefix[type]}${row.id}`;
  return {
    id,
    type,
    amount: row.amount,
    status: "success",
    refunded: false,
    cancelled: false,
    hasProof: false,
    revertible: false,
    resubmit: { kind: "none" },
    resubmittedFrom: null,
    createdAt: row.createdAt,
    updatedAt: row.createdAt,
    methodName: null,
    methodIcon: null,
    channelType: null,
    direction,
    vipPoints,
    race,
    tracker: null,
    timeline: [
      { step: "submitted", at: row.createdAt },
      { step: "success", at: row.createdAt },
    ],
    fields: [{ key: "transactionId", value: id }, ...fields, { key: "createdAt", value: row.createdAt }],
  };
}

/**
 * One of the player's transactions by its id ("D12", "V5"); null when it is unknown or another player's. A withdrawal
 * comes with its tracker (overdue as of `now`).
 */
export async function getTransaction(playerId: number, id: string, { now = new Date() }: { now?: Date } = {}): Promise<TransactionDetails | null> {
  const parsed = parseTransactionId(id);
  if (!parsed) return null;
  const { kind, id: num } = parsed;
  if (kind === "D") {
    const [r] = await db
      .select({
        d: deposits,
        methodName: paymentMethods.name,
        methodIcon: paymentMethods.icon,
        paidTo: walletNumbers.accountNumber,
        promotionEn: promotions.nameEn,
        promotionBn: promotions.nameBn,
        refundedAt: gatewayPayments.updatedAt,
        resubmittedAs: resubmissions.id,
      })
      .from(deposits)
      .innerJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
      .leftJoin(walletNumbers, eq(walletNumbers.id, deposits.walletNumberId))
      .leftJoin(promotions, eq(promotions.id, deposits.promotionId))
      .leftJoin(gatewayPayments, and(eq(gatewayPayments.depositId, deposits.id), eq(gatewayPayments.status, "refunded")))
      .leftJoin(resubmissions, eq(resubmissions.resubmittedFrom, deposits.id))
      .where(and(eq(deposits.id, num), eq(deposits.playerId, playerId)));
    if (!r) return null;
    const d = r.d;
    const fields: TransactionField[] = [
      { key: "transactionId", value: `D${d.id}` },
      { key: "method", value: r.methodName },
      { key: "channel", value: d.channelType },
      { key: "amount", value: d.amount },
      { key: "trxId", value: d.trxId },
      { key: "senderNumber", value: d.senderNumber },
    ];
    if (r.paidTo) fields.push({ key: "paidTo", value: r.paidTo });
    if (r.promotionEn) fields.push({ key: "promotion", value: { en: r.promotionEn, bn: r.promotionBn ?? r.promotionEn } });
    if (d.bonusAmount !== null && d.bonusAmount > 0n) fields.push({ key: "bonus", value: d.bonusAmount });
    if (d.rejectReason) fields.push({ key: "reason", value: d.rejectReason });
    fields.push({ key: "createdAt", value: d.createdAt }, { key: "updatedAt", value: d.updatedAt });
    return {
      id: `D${d.id}`,
      type: "deposit",
      amount: d.amount,
      status: statusOf(d.status),
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      methodName: r.methodName,
      methodIcon: r.methodIcon,
      channelType: d.channelType,
      direction: null,
      vipPoints: null,
      race: null,
      refunded: r.refundedAt !== null,
      cancelled: d.status === "cancelled",
      revertible: canRevertDeposit(d),
      resubmit: resubmitState(d, r.resubmittedAs, (await readMoneySettings()).resubmitWaitMinutes, now),
      resubmittedFrom: d.resubmittedFrom === null ? null : `D${d.resubmittedFrom}`,
      timeline: [
        ...timeline(d.status, d.createdAt, d.reviewedAt, d.cancelledAt),
        ...(r.refundedAt ? [{ step: "refunded" as const, at: r.refundedAt }] : []),
      ],
      tracker: null,
      hasProof: d.proofFile !== null,
      fields,
    };
  }
  if (kind === "W") {
    const [r] = await db
      .select({ w: withdrawals, methodName: paymentMethods.name, methodIcon: paymentMethods.icon })
      .from(withdrawals)
      .innerJoin(paymentMethods, eq(paymentMethods.id, withdrawals.methodId))
      .where(and(eq(withdrawals.id, num), eq(withdrawals.playerId, playerId)));
    if (!r) return null;
    const w = r.w;
    const fields: TransactionField[] = [
      { key: "transactionId", value: `W${w.id}` },
      { key: "method", value: r.methodName },
      { key: "amount", value: w.amount },
      { key: "accountNumber", value: w.accountNumber },
    ];
    if (w.payoutReference && w.status === "approved") fields.push({ key: "payoutReference", value: w.payoutReference });
    if (w.rejectReason) fields.push({ key: "reason", value: w.rejectReason });
    fields.push({ key: "createdAt", value: w.createdAt }, { key: "updatedAt", value: w.updatedAt });
    return {
      id: `W${w.id}`,
      type: "withdraw",
      amount: w.amount,
      status: statusOf(w.status),
      refunded: false,
      cancelled: w.status === "cancelled",
      hasProof: false,
      revertible: canRevertWithdrawal(w),
      resubmit: { kind: "none" },
      resubmittedFrom: null,
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
      methodName: r.methodName,
      methodIcon: r.methodIcon,
      channelType: null,
      direction: null,
      vipPoints: null,
      race: null,
      timeline: timeline(w.status, w.createdAt, w.reviewedAt, w.cancelledAt),
      tracker: withdrawalTracker(w, (await readMoneySettings()).payoutPromiseHours, now),
      fields,
    };
  }
  if (kind === "R") {
    const [z] = rowsOf<{
      id: string;
      amount: string;
      created_at: string | Date;
      rank: number;
      wallet: "main" | "bonus";
      race_name: string;
      race_name_bn: string;
      race_period: RacePeriod;
      period_start: string;
    }>(
      await db.execute(sql`
        select lt.id::text as id, z.amount::text as amount, lt.created_at, z.rank, z.wallet, r.name as race_name,
               r.name_bn as race_name_bn, r.period as race_period, to_char(z.period_start, 'YYYY-MM-DD') as period_start
          from ledger_transfers lt
          join race_prizes z on ${racePrizeKey} = lt.key
          join races r on r.id = z.race_id
         where lt.id = ${num} and lt.kind = 'race_prize' and z.player_id = ${playerId}`),
    );
    if (!z) return null;
    const race = raceOf(z)!;
    return instantDetails(
      "race",
      { id: Number(z.id), amount: BigInt(z.amount), createdAt: new Date(z.created_at) },
      { direction: null, vipPoints: null, race },
      [
        { key: "race", value: { en: race.name, bn: race.nameBn } },
        { key: "period", value: race.period },
        { key: "rank", value: `#${z.rank}` },
        { key: "amount", value: BigInt(z.amount) },
        { key: "wallet", value: z.wallet },
      ],
    );
  }
  if (kind === "V") {
    const [v] = await db
      .select()
      .from(vipEntries)
      .where(and(eq(vipEntries.id, num), eq(vipEntries.playerId, playerId), eq(vipEntries.kind, "used"), eq(vipEntries.source, "conversion")));
    if (!v) return null;
    return instantDetails("vip", v, { direction: null, vipPoints: v.points }, [
      { key: "vipPoints", value: vipPointsText(v.points) },
      { key: "amount", value: v.amount },
    ]);
  }
  const [a] = await db
    .select()
    .from(adjustments)
    .where(and(eq(adjustments.id, num), eq(adjustments.playerId, playerId)));
  if (!a) return null;
  // Not the staff reason: it stays internal (it may hold notes not meant for the player).
  return instantDetails("adjustment", a, { direction: a.direction, vipPoints: null }, [{ key: "amount", value: a.amount }]);
}

/**
 * The `perPlayer` latest transactions of each player, newest first, in one query (the finance queues show them
 * beside every request on a page).
 */
export async function latestTransactions(playerIds: number[], perPlayer: number): Promise<Map<number, TransactionItem[]>> {
  const ids = [...new Set(playerIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  const result = new Map<number, TransactionItem[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<TransactionRow>(
    await db.execute(sql`
      select * from (
        select t.*, row_number() over (partition by t.player_id order by t.created_at desc, t.type, t.id desc) as n
        from ${allTransactions(sql`in (${list})`)}
      ) ranked
      where n <= ${perPlayer}
      order by player_id, n`),
  );
  for (const r of rows) result.get(Number(r.player_id))?.push(toItem(r));
  return result;
}
