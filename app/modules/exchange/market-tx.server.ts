// What every exchange transaction does around its own work: take the market's lock, check the player may stake,
// replace the exposure holds of the players whose positions changed, and turn the ledger's refusal into ours.
import { sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish, publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { isLedgerError, lockPlayerAccounts, runsWithoutSavepoints } from "#app/modules/ledger/index.server.ts";
import { checkBeforeStake, excludedAt, type KnownStakeContext, type StakeAmount, type StakeLimit } from "#app/modules/protection/index.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { ExchangeError } from "./errors.ts";
import { syncExposureHolds } from "./exposure.server.ts";
import type { MarketKind } from "./schema.ts";

const LOCK_SPACE = 0x45584348; // "EXCH"
const log = rootLog.child({ module: "exchange" });

/** Serialises every operation on one market, on every app instance, until the transaction ends. */
export async function lockMarket(tx: Tx, marketId: number) {
  await preparedRows(tx, sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int4, ${marketId}::int4)`);
}

/** What the stake check needs to know of a player, read in one statement (or inside a caller's: `stakerSql`). */
export type Staker = { active: boolean; known: KnownStakeContext };
export type StakerRaw = {
  status: string;
  excluded: boolean;
  realMoney: boolean | null;
  limits: { kind: StakeLimit["kind"]; period: StakeLimit["period"]; amount: string }[] | null;
};

/** A JSON value (null for an unknown player) with the player's status, exclusion, the site's mode and stake and loss limits. */
export function stakerSql(playerId: number) {
  return sql`(select json_build_object(
      'status', p.status,
      'excluded', ${excludedAt(sql`p.id`, sql`now()`)},
      'realMoney', (select mode = 'real' from general_settings order by id limit 1),
      'limits', (select json_agg(json_build_object('kind', kind, 'period', period, 'amount', amount::text)) from rg_limits
        where player_id = p.id and kind in ('stake', 'loss')))
    from players p where p.id = ${playerId})`;
}

export function toStaker(raw: StakerRaw | null): Staker | null {
  if (!raw) return null;
  const limits = (raw.limits ?? []).map((l) => ({ kind: l.kind, period: l.period, amount: BigInt(l.amount) }));
  return { active: raw.status === "active", known: { excluded: Boolean(raw.excluded), realMoney: Boolean(raw.realMoney), limits } };
}

async function readStaker(tx: Tx, playerId: number) {
  const [row] = await preparedRows<{ player: StakerRaw | null }>(tx, sql`select ${stakerSql(playerId)} as player`);
  return toStaker(row?.player ?? null);
}

/**
 * A blocked, excluded or limited player, or one missing the operator's identity checks, may not stake `amount`.
 * A player with stake or loss limits is checked under the ledger locks of every player whose money this bet will
 * move (`counterparties`: the makers it matches, asked for only then), taken here in the order every exchange
 * transaction takes them, so that the player's bets on other markets and in the casino are counted one at a time.
 * `staker`: what the caller already read of the player (`stakerSql`), so a player without limits costs no query here.
 */
export async function checkMayStake(
  tx: Tx,
  playerId: number,
  amount: StakeAmount,
  counterparties: () => number[] = () => [],
  staker?: Staker | null,
) {
  const p = staker === undefined ? await readStaker(tx, playerId) : staker;
  if (!p || !p.active) throw new ExchangeError("player_blocked");
  const refusal = await checkBeforeStake(tx, playerId, amount, {
    known: p.known,
    serialise: () => lockPlayerAccounts(tx, [playerId, ...counterparties()]),
  });
  if (refusal?.reason === "excluded") throw new ExchangeError("player_blocked");
  if (refusal?.reason === "identity") throw new ExchangeError("verification_needed", { missing: refusal.missing.join(", ") });
  if (refusal?.reason === "limit") throw new ExchangeError("limit_exceeded");
}

/** Per transaction: whether its market had an armed auto cash-out when it synced the exposures (read in that statement). */
const armedAfter = new WeakMap<Tx, boolean>();

/** Replaces the exposure holds of these players (ascending ids: one lock order for every transaction). */
export async function syncExposures(tx: Tx, marketId: number, kind: MarketKind, playerIds: Iterable<number>, runnerIds?: readonly number[]) {
  const { exposures, changed } = await syncExposureHolds(tx, marketId, kind, [...playerIds], runnerIds);
  // The changed exposures and the market's new version in one statement.
  const rows = changed.length
    ? sql.join(
        changed.map((r) => sql`(${r.playerId}::int, ${marketId}::int, ${String(r.amount)}::bigint, ${r.holdId}::bigint, ${r.version}::int)`),
        sql`, `,
      )
    : null;
  // It also says whether the market has an armed auto cash-out, so the check after the commit costs no query otherwise.
  const upsert = rows
    ? sql`, e as (insert into exchange_exposures (player_id, market_id, amount, hold_id, version)
      select e.* from (values ${rows}) as e(player_id, market_id, amount, hold_id, version), v
      on conflict (player_id, market_id) do update
      set amount = excluded.amount, hold_id = excluded.hold_id, version = excluded.version, updated_at = now())`
    : sql``;
  const [row] = await preparedRows<{ armed: boolean }>(
    tx,
    sql`with v as (update exchange_markets set version = version + 1 where id = ${marketId}::int returning id)${upsert}
    select exists (select 1 from exchange_auto_cash_outs a where a.market_id = ${marketId}::int and a.status = 'armed') as armed
    from v`,
  );
  armedAfter.set(tx, Boolean(row?.armed));
  return exposures;
}

/**
 * Runs `work` in a transaction holding the market's lock, then tells the changed players' pages their balance
 * moved and the market's pages that it changed. The ledger's insufficient_funds (an exposure that does not fit) becomes the exchange's refusal.
 */
export async function inMarket<T>(marketId: number, work: (tx: Tx) => Promise<{ result: T; changed: number[] }>): Promise<T> {
  let outcome: { result: T; changed: number[] };
  let tx: Tx | undefined;
  try {
    outcome = await db.transaction(async (t) => {
      tx = t;
      await lockMarket(t, marketId);
      // Any ledger refusal rolls the whole transaction back (below), so the ledger's calls need no savepoints.
      return work(runsWithoutSavepoints(t));
    });
  } catch (e) {
    if (isLedgerError(e, "insufficient_funds")) throw new ExchangeError("insufficient_funds", { available: String(e.details.available ?? 0) });
    throw e;
  }
  for (const id of new Set(outcome.changed)) await publishBalanceChanged(id);
  if (outcome.changed.length > 0) {
    await publish({ kind: "market", marketId });
    // Unknown (the work synced no exposures): checked.
    if (armedAfter.get(tx!) !== false) afterMarketChange(marketId);
  }
  return outcome.result;
}

const marketChecks = new Set<Promise<unknown>>();

/**
 * After a committed change of a market, this instance checks the market's armed auto cash-outs (README.md, "Cash
 * Out"), in the background: the change's caller does not wait. Loaded on first use (it places orders through here).
 */
function afterMarketChange(marketId: number) {
  const check: Promise<unknown> = import("./auto-cash-out.server.ts")
    .then((m) => m.checkAutoCashOuts(marketId))
    .catch((e: unknown) => log.error({ err: e, marketId }, "auto cash-out check failed"))
    .finally(() => marketChecks.delete(check));
  marketChecks.add(check);
}

/** Resolves when every background market check started so far (and those they started) has finished: for tests. */
export async function marketChecksIdle(): Promise<void> {
  while (marketChecks.size > 0) await Promise.allSettled([...marketChecks]);
}
