// What the AML job checks for each new row of each source. Each check reads only the player's recent history (or
// an index), never the whole table, and raises a signal with its evidence once per finding (its fingerprint).
import { sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { isUsefulIp, noteIdentifier } from "./identifiers.server.ts";
import type { RiskThresholds } from "./settings.server.ts";
import { raiseSignal } from "./signals.server.ts";
import { normalizeTrx, trxMatch, trxVariants } from "./trx.ts";

const HOUR = 3_600_000;
const iso = (at: string | Date) => new Date(at).toISOString();

export type DepositRow = { id: number; player_id: number; amount: string; sender_number: string; trx_id: string; at: string };
export type WithdrawalRow = { id: number; player_id: number; amount: string; account_number: string; at: string };
export type SessionRow = { id: string; player_id: number; ip: string | null; device_id: string | null; at: string };
export type PhoneRow = { id: number; player_id: number; phone: string; at: string };
export type LimitChangeRow = {
  id: number;
  player_id: number;
  kind: string;
  period: string;
  action: string;
  old_amount: string | null;
  new_amount: string | null;
  at: string;
};

export async function checkDeposit(ex: Executor, d: DepositRow, s: RiskThresholds) {
  const playerId = Number(d.player_id);
  await noteIdentifier(ex, {
    kind: "number",
    value: d.sender_number,
    playerId,
    source: "deposit",
    at: d.at,
    minAccounts: 2,
    ref: { depositId: d.id },
  });
  await checkTrx(ex, d);
  await checkSplit(ex, d, s);
}

/** The same TRX ID ignoring case and separators, or one character apart, on another deposit (any player). */
async function checkTrx(ex: Executor, d: DepositRow) {
  const variants = trxVariants(normalizeTrx(d.trx_id));
  if (!variants[0]) return;
  const candidates = rowsOf<{ id: number; player_id: number; trx_id: string; amount: string; created_at: string }>(
    await ex.execute(sql`
      select d.id, d.player_id, d.trx_id, d.amount::text as amount, to_json(d.created_at)#>>'{}' as created_at from deposits d
      where d.id in (select distinct v.deposit_id from risk_trx_variants v
                     where v.variant in (${sql.join(
                       variants.map((v) => sql`${v}`),
                       sql`, `,
                     )}) and v.deposit_id <> ${d.id} limit 20)`),
  );
  await ex.execute(sql`
    insert into risk_trx_variants (variant, deposit_id)
    values ${sql.join(
      variants.map((v) => sql`(${v}, ${d.id})`),
      sql`, `,
    )}
    on conflict do nothing`);
  for (const other of candidates) {
    const match = trxMatch(d.trx_id, other.trx_id);
    if (!match) continue;
    const [a, b] = [Math.min(d.id, Number(other.id)), Math.max(d.id, Number(other.id))];
    const otherPlayer = Number(other.player_id);
    await raiseSignal(ex, {
      playerId: Number(d.player_id),
      kind: "trx_reuse",
      fingerprint: `trx_reuse:${a}:${b}`,
      evidence: {
        match,
        depositId: d.id,
        trxId: d.trx_id,
        amount: d.amount,
        at: iso(d.at),
        otherDepositId: Number(other.id),
        otherTrxId: other.trx_id,
        otherAmount: other.amount,
        otherAt: iso(other.created_at),
        otherPlayerIds: otherPlayer === Number(d.player_id) ? [] : [otherPlayer],
      },
    });
  }
}

/** Several deposits within 24 h, each under the threshold, that together exceed it. */
async function checkSplit(ex: Executor, d: DepositRow, s: RiskThresholds) {
  if (BigInt(d.amount) >= s.splitThreshold) return;
  const from = new Date(new Date(d.at).getTime() - 24 * HOUR).toISOString();
  const rows = rowsOf<{ id: number; amount: string; created_at: string }>(
    await ex.execute(sql`
      select id, amount::text as amount, to_json(created_at)#>>'{}' as created_at from deposits
      where player_id = ${d.player_id} and status <> 'rejected' and amount < ${String(s.splitThreshold)}::bigint
        and created_at > ${from}::timestamptz and created_at <= ${d.at}::timestamptz
      order by created_at, id limit 200`),
  );
  const total = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
  if (rows.length < s.splitCount || total <= s.splitThreshold) return;
  await raiseSignal(ex, {
    playerId: Number(d.player_id),
    kind: "split_deposits",
    fingerprint: `split_deposits:${d.player_id}:${rows[0]!.id}`,
    evidence: {
      depositIds: rows.map((r) => Number(r.id)),
      amounts: rows.map((r) => r.amount),
      total: String(total),
      threshold: String(s.splitThreshold),
      from: iso(rows[0]!.created_at),
      to: iso(d.at),
    },
  });
}

export async function checkWithdrawal(ex: Executor, w: WithdrawalRow, s: RiskThresholds) {
  const playerId = Number(w.player_id);
  await noteIdentifier(ex, {
    kind: "number",
    value: w.account_number,
    playerId,
    source: "withdrawal",
    at: w.at,
    minAccounts: 2,
    ref: { withdrawalId: w.id },
  });
  await checkLowPlay(ex, w, s);
  await checkCycling(ex, w, s);
}

/** A withdrawal when the stakes since the last approved deposit are below the ratio of that deposit. */
async function checkLowPlay(ex: Executor, w: WithdrawalRow, s: RiskThresholds) {
  const [deposit] = rowsOf<{ id: number; amount: string; reviewed_at: string }>(
    await ex.execute(sql`
      select id, amount::text as amount, to_json(reviewed_at)#>>'{}' as reviewed_at from deposits
      where player_id = ${w.player_id} and status = 'approved' and reviewed_at <= ${w.at}::timestamptz
      order by reviewed_at desc, id desc limit 1`),
  );
  if (!deposit) return;
  // The casino's rounds; the exchange's bets count here too once it lands.
  const [played] = rowsOf<{ stakes: string }>(
    await ex.execute(sql`
      select coalesce(sum(stake), 0)::text as stakes from game_rounds
      where player_id = ${w.player_id} and status <> 'rolled_back'
        and created_at >= ${deposit.reviewed_at}::timestamptz and created_at <= ${w.at}::timestamptz`),
  );
  const stakes = BigInt(played!.stakes);
  if (stakes * 100n >= BigInt(deposit.amount) * BigInt(s.lowPlayRatioHundredths)) return;
  await raiseSignal(ex, {
    playerId: Number(w.player_id),
    kind: "low_play_withdrawal",
    fingerprint: `low_play_withdrawal:${w.id}`,
    evidence: {
      withdrawalId: w.id,
      withdrawalAmount: w.amount,
      at: iso(w.at),
      depositId: Number(deposit.id),
      depositAmount: deposit.amount,
      depositApprovedAt: iso(deposit.reviewed_at),
      stakes: String(stakes),
      ratioHundredths: s.lowPlayRatioHundredths,
    },
  });
}

/** N deposit -> withdrawal cycles within the window ending at this withdrawal. */
async function checkCycling(ex: Executor, w: WithdrawalRow, s: RiskThresholds) {
  const from = new Date(new Date(w.at).getTime() - s.cyclingWindowHours * HOUR).toISOString();
  const events = rowsOf<{ type: "d" | "w"; id: number }>(
    await ex.execute(sql`
      select * from (
        select 'd' as type, id, created_at from deposits
        where player_id = ${w.player_id} and status <> 'rejected' and created_at >= ${from}::timestamptz and created_at <= ${w.at}::timestamptz
        union all
        select 'w' as type, id, created_at from withdrawals
        where player_id = ${w.player_id} and status <> 'rejected' and created_at >= ${from}::timestamptz and created_at <= ${w.at}::timestamptz
      ) e order by created_at, type, id limit 1000`),
  );
  const cycles: { depositId: number; withdrawalId: number }[] = [];
  let openDeposit: number | null = null;
  for (const e of events) {
    if (e.type === "d") openDeposit ??= Number(e.id);
    else if (openDeposit !== null) {
      cycles.push({ depositId: openDeposit, withdrawalId: Number(e.id) });
      openDeposit = null;
    }
  }
  if (cycles.length < s.cyclingCount) return;
  await raiseSignal(ex, {
    playerId: Number(w.player_id),
    kind: "rapid_cycling",
    fingerprint: `rapid_cycling:${w.player_id}:${cycles[0]!.depositId}`,
    evidence: { cycles, count: cycles.length, windowHours: s.cyclingWindowHours, from, to: iso(w.at) },
  });
}

export async function checkSession(ex: Executor, r: SessionRow, s: RiskThresholds) {
  const playerId = Number(r.player_id);
  if (r.device_id) await noteIdentifier(ex, { kind: "device", value: r.device_id, playerId, source: "session", at: r.at, minAccounts: 2, ref: {} });
  if (isUsefulIp(r.ip))
    await noteIdentifier(ex, { kind: "ip", value: r.ip, playerId, source: "session", at: r.at, minAccounts: s.sharedIpAccounts, ref: {} });
}

export async function checkPhone(ex: Executor, r: PhoneRow, source: "phone" | "extra_phone") {
  await noteIdentifier(ex, { kind: "number", value: r.phone, playerId: Number(r.player_id), source, at: r.at, minAccounts: 2, ref: {} });
}

/** A request to raise or remove a limit within N hours after the net loss over those hours reached the threshold. */
export async function checkLimitChange(ex: Executor, c: LimitChangeRow, s: RiskThresholds) {
  if (c.action !== "request_increase" && c.action !== "request_removal") return;
  const from = new Date(new Date(c.at).getTime() - s.lossWindowHours * HOUR).toISOString();
  const [loss] = rowsOf<{ net: string }>(
    await ex.execute(sql`
      select coalesce(sum(stake - payout), 0)::text as net from game_rounds
      where player_id = ${c.player_id} and status = 'settled'
        and settled_at >= ${from}::timestamptz and settled_at <= ${c.at}::timestamptz`),
  );
  const net = BigInt(loss!.net);
  if (net < s.lossThreshold) return;
  await raiseSignal(ex, {
    playerId: Number(c.player_id),
    kind: "limit_raised_after_loss",
    fingerprint: `limit_raised_after_loss:${c.id}`,
    evidence: {
      changeId: c.id,
      limitKind: c.kind,
      period: c.period,
      action: c.action,
      oldAmount: c.old_amount,
      newAmount: c.new_amount,
      netLoss: String(net),
      threshold: String(s.lossThreshold),
      windowHours: s.lossWindowHours,
      at: iso(c.at),
    },
  });
}
