// The transaction around one wallet call: its own transaction (published after commit), or a savepoint inside
// the caller's (the caller publishes). A refusal rolls the call back, so nothing of it is written and its
// transaction id stays unused (a retried refused bet is simply evaluated again).
import { PgTransaction } from "drizzle-orm/pg-core";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { runsWithoutSavepoints, skipsSavepoints } from "#app/modules/ledger/index.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import type { WalletErrorCode, WalletFailure, WalletSuccess } from "./types.ts";

/** Thrown inside the call's transaction to roll it back and answer with `failure`. */
export class Refusal extends Error {
  readonly failure: WalletFailure;
  constructor(failure: WalletFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

/** A concurrent call committed the same (provider, txn id) first: roll back and run again, which replays it. */
export class TxnIdTaken extends Error {}

export function refuse(code: WalletErrorCode, message: string, balance?: bigint): never {
  throw new Refusal(balance === undefined ? { ok: false, code, message } : { ok: false, code, message, balance });
}

export function success(
  b: { main: bigint; bonus: bigint; currency: Currency },
  txnId: string,
  roundDbId: number | null,
  replayed = false,
): WalletSuccess {
  return { ok: true, balance: b.main + b.bonus, main: b.main, bonus: b.bonus, currency: b.currency, txnId, replayed, roundDbId };
}

const MAX_ATTEMPTS = 5;
const RACE_CONSTRAINTS = new Set(["game_wallet_calls_txn_idx", "game_rounds_round_idx"]);

function pgCode(e: unknown): { code?: string; constraint?: string } | undefined {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return cur as { code?: string; constraint?: string };
  }
  return undefined;
}

function retryable(e: unknown, ownTransaction: boolean): boolean {
  if (e instanceof TxnIdTaken) return true;
  const err = pgCode(e);
  if (err?.code === "23505" && err.constraint && RACE_CONSTRAINTS.has(err.constraint)) return true;
  // A deadlock or serialisation failure aborts the caller's whole transaction; only our own may be retried.
  return ownTransaction && (err?.code === "40P01" || err?.code === "40001");
}

export async function runCall(
  ex: Executor | undefined,
  playerId: number,
  fn: (tx: Tx) => Promise<WalletSuccess>,
): Promise<WalletSuccess | WalletFailure> {
  // A transaction given as `ex` is joined (a savepoint; its owner publishes after commit); a database handle
  // (another pool, e.g. the benchmark's) just runs our own transaction.
  const joined = ex instanceof PgTransaction;
  // A caller whose transaction skips savepoints (a house game's play: any failure of the call throws and rolls the
  // whole play back) is joined directly, two round trips fewer a call; a refusal then leaves only writes its owner
  // discards, and there is nothing to retry within an aborted transaction.
  if (joined && skipsSavepoints(ex)) {
    try {
      return await fn(ex as Tx);
    } catch (e) {
      if (e instanceof Refusal) return e.failure;
      throw e;
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // Every call checks the balance under its own lock before it posts, so a ledger refusal inside is unexpected
      // and rolls the whole call back anyway: the ledger may skip its savepoints.
      const result = await (ex ?? db).transaction((tx) => fn(runsWithoutSavepoints(tx)));
      if (!joined && !result.replayed) await publishBalanceChanged(playerId);
      return result;
    } catch (e) {
      if (e instanceof Refusal) return e.failure;
      if (attempt < MAX_ATTEMPTS && retryable(e, !joined)) continue;
      throw e;
    }
  }
}
