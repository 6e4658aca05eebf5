// The write path: the only code that changes balances. See README.md in this folder for the model.
import { inArray } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { db, type Executor, type Tx } from "#app/db/db.server.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { createAccounts } from "./accounts.server.ts";
import { LedgerError } from "./errors.ts";
import { assertAmount } from "./money.ts";
import { type LedgerAccount, type LedgerTransfer, ledgerAccounts, ledgerTransfers, type TransferPhase } from "./schema.ts";
import { type NewEntry, readForTransfer, readTransfers, type RefRequest, writeTransfers } from "./statements.server.ts";
import { type AccountRef, assertAccountRef, assertCurrency, assertId, assertKey, assertKind, assertMemo, assertMeta } from "./validation.ts";

export type TransferInput = {
  /** Idempotency key, unique across the ledger: a retry with the same key and fields replays, other fields are refused. */
  key: string;
  debit: AccountRef;
  credit: AccountRef;
  /** Poisha (BigInt), 1 .. MAX_AMOUNT. */
  amount: bigint;
  currency: Currency;
  /** What the money is for: deposit, bet, win, withdrawal, bonus, adjustment, ... */
  kind: string;
  /** Reserve the amount on the debit account (a hold); move it later with postHold or release it with voidHold. */
  pending?: boolean;
  /** Descriptive only: not compared on retries. */
  memo?: string;
  meta?: Record<string, unknown>;
};
export type PostHoldInput = { key: string; holdId: number; amount?: bigint; memo?: string; meta?: Record<string, unknown> };
export type VoidHoldInput = { key: string; holdId: number; memo?: string; meta?: Record<string, unknown> };
export type ReverseInput = { key: string; transferId: number; kind?: string; memo?: string; meta?: Record<string, unknown> };

export type TransferResult = { transfer: LedgerTransfer; replayed: boolean };

/** Moves `amount` from debit to credit at once, or reserves it on the debit account when `pending`. */
export async function transfer(input: TransferInput, ex: Executor = db): Promise<TransferResult> {
  const [result] = await execute([{ op: "transfer", input }], ex);
  return result!;
}

/** Several transfers that succeed or fail together (e.g. a deposit to main plus its bonus). Each has its own key. */
export async function transferLinked(inputs: TransferInput[], ex: Executor = db): Promise<TransferResult[]> {
  if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > 20) {
    throw new LedgerError("invalid_input", "transferLinked takes 1 to 20 transfers");
  }
  return execute(
    inputs.map((input) => ({ op: "transfer", input })),
    ex,
  );
}

/**
 * Several operations of any kind (transfers, posts, voids, reversals) that succeed or fail together, in one read and
 * one write: e.g. holds replaced (the old one voided, a new one placed) for several players at once.
 */
export async function applyLinked(specs: Spec[], ex: Executor = db): Promise<TransferResult[]> {
  if (!Array.isArray(specs) || specs.length === 0 || specs.length > 40)
    throw new LedgerError("invalid_input", "applyLinked takes 1 to 40 operations");
  return execute(specs, ex);
}

/** Moves a hold's money (all of it, or `amount` of it with the rest released). */
export async function postHold(input: PostHoldInput, ex: Executor = db): Promise<TransferResult> {
  const [result] = await execute([{ op: "post", input }], ex);
  return result!;
}

/** Releases a hold; nothing moves. */
export async function voidHold(input: VoidHoldInput, ex: Executor = db): Promise<TransferResult> {
  const [result] = await execute([{ op: "void", input }], ex);
  return result!;
}

/** The exact opposite of a posted transfer, linked to it; a transfer is reversed at most once. */
export async function reverseTransfer(input: ReverseInput, ex: Executor = db): Promise<TransferResult> {
  const [result] = await execute([{ op: "reverse", input }], ex);
  return result!;
}

export type Spec =
  | { op: "transfer"; input: TransferInput }
  | { op: "post"; input: PostHoldInput }
  | { op: "void"; input: VoidHoldInput }
  | { op: "reverse"; input: ReverseInput };

/** A validated transfer about to be written. `release` is the hold amount a post/void takes off the debit account's pending. */
type Leg = {
  key: string;
  phase: TransferPhase;
  debit: LedgerAccount;
  credit: LedgerAccount;
  amount: bigint;
  currency: Currency;
  kind: string;
  pendingId: number | null;
  reversalOf: number | null;
  memo: string;
  meta: Record<string, unknown> | null;
  release: bigint;
};

/** Thrown inside the transaction when a concurrent call inserted one of our keys first; the retry replays or refuses. */
class KeyRace extends Error {}
/** Thrown (before anything is written) when account codes name accounts that do not exist yet: created, then retried. */
class MissingAccounts extends Error {
  readonly refs: RefRequest[];
  constructor(refs: RefRequest[]) {
    super("accounts to create");
    this.refs = refs;
  }
}

const INT8_MAX = 2n ** 63n - 1n;
/** Refusals that depend on state read before a lock wait: checked against a fresh read of the keys before they stand. */
const STATE_DEPENDENT = new Set(["insufficient_funds", "hold_already_resolved", "already_reversed"]);

export async function execute(specs: Spec[], ex: Executor): Promise<TransferResult[]> {
  const checked = specs.map(validateSpec);
  const keys = checked.map((s) => s.input.key);
  if (new Set(keys).size !== keys.length) throw new LedgerError("invalid_input", "Linked transfers need distinct keys", { keys });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(ex, (tx) => apply(tx, checked));
      } catch (e) {
        if (attempt >= 4 || !(e instanceof KeyRace || e instanceof MissingAccounts)) throw e;
        // Created outside our locks, so account creation never waits while we hold a player's lock.
        if (e instanceof MissingAccounts) await createAccounts(e.refs, ex);
      }
    }
  } catch (e) {
    throw translateDbError(e, keys);
  }
}

export function validateSpec(spec: Spec): Spec {
  const input = spec.input as Record<string, unknown>;
  if (typeof input !== "object" || input === null) throw new LedgerError("invalid_input", "Missing transfer input");
  assertKey(input.key);
  assertMemo(input.memo);
  assertMeta(input.meta);
  if (spec.op === "transfer") {
    assertAccountRef(spec.input.debit, "debit");
    assertAccountRef(spec.input.credit, "credit");
    assertAmount(spec.input.amount);
    assertCurrency(spec.input.currency);
    assertKind(spec.input.kind);
    if (spec.input.pending !== undefined && typeof spec.input.pending !== "boolean") {
      throw new LedgerError("invalid_input", "pending must be a boolean");
    }
  } else if (spec.op === "post" || spec.op === "void") {
    assertId(spec.input.holdId, "holdId");
    if (spec.op === "post" && spec.input.amount !== undefined) assertAmount(spec.input.amount);
  } else {
    assertId(spec.input.transferId, "transferId");
    if (spec.input.kind !== undefined) assertKind(spec.input.kind);
  }
  return spec;
}

// Callers' transactions in which the ledger runs directly instead of in a savepoint (see runsWithoutSavepoints).
const withoutSavepoints = new WeakSet<object>();

/**
 * For a caller that rolls back its whole transaction whenever a ledger call in it throws (it checked the balance
 * under its own lock first, so a refusal is unexpected): ledger calls in `tx` then skip their SAVEPOINT and RELEASE,
 * two of a bet's round trips. A refusal still throws; it just leaves `tx` unusable. Returns `tx`.
 */
export function runsWithoutSavepoints<T extends Tx>(tx: T): T {
  withoutSavepoints.add(tx);
  return tx;
}

/** Whether the transaction's owner asked for runsWithoutSavepoints (it rolls back whole on any refusal). */
export const skipsSavepoints = (tx: object) => withoutSavepoints.has(tx);

/**
 * Our own transaction at the top level (retried on deadlock or serialisation failure), a savepoint inside a caller's
 * (or the caller's transaction itself when it asked for runsWithoutSavepoints).
 */
async function inTransaction<T>(ex: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (ex instanceof PgTransaction) return withoutSavepoints.has(ex) ? fn(ex as Tx) : ex.transaction(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ex.transaction(fn);
    } catch (e) {
      const code = pgError(e)?.code;
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw e;
    }
  }
}

async function apply(tx: Tx, specs: Spec[]): Promise<TransferResult[]> {
  const keys = specs.map((s) => s.input.key);
  // Transfers never change, so the holds and originals referenced here can be read without locks.
  const refIds = specs.flatMap((s) => (s.op === "post" || s.op === "void" ? [s.input.holdId] : s.op === "reverse" ? [s.input.transferId] : []));
  const referenced = new Map(
    (refIds.length ? await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.id, refIds)) : []).map((t) => [t.id, t]),
  );
  const requests = specs.flatMap((s): RefRequest[] => {
    if (s.op === "transfer") {
      return [
        { ref: s.input.debit, currency: s.input.currency },
        { ref: s.input.credit, currency: s.input.currency },
      ];
    }
    const t = referenced.get(s.op === "reverse" ? s.input.transferId : s.input.holdId);
    return t
      ? [
          { ref: t.debitAccountId, currency: t.currency as Currency },
          { ref: t.creditAccountId, currency: t.currency as Currency },
        ]
      : [];
  });

  // Accounts that may not go negative are locked here, in id order, and stay locked to the commit. Accounts that
  // may go negative (game:*, clearing:*, house:*) are locked only by the balance update in writeTransfers, so hot
  // house accounts stay locked for one statement and the commit. Global order: guarded ids, then the others.
  const snapshot = await readForTransfer(tx, requests, {
    keys,
    holdIds: specs.flatMap((s) => (s.op === "post" || s.op === "void" ? [s.input.holdId] : [])),
    originalIds: specs.flatMap((s) => (s.op === "reverse" ? [s.input.transferId] : [])),
  });
  const account = (r: RefRequest) =>
    snapshot.accounts.find((a) => (typeof r.ref === "number" ? a.id === r.ref : a.code === r.ref && a.currency === r.currency));
  const missing = requests.filter((r) => !account(r));
  const unknownId = missing.find((r) => typeof r.ref === "number");
  if (unknownId) throw new LedgerError("unknown_account", `Account ${unknownId.ref} does not exist`, { accountId: unknownId.ref });
  if (missing.length > 0) throw new MissingAccounts(missing);

  const legs = buildLegs(specs, referenced, (r) => account(r)!);
  const existing = snapshot.transfers.filter((t) => keys.includes(t.key));
  if (existing.length > 0) return replay(legs, existing);

  let plan: ReturnType<typeof planWrites>;
  try {
    checkReferencesOpen(legs, snapshot.transfers);
    plan = planWrites(legs, snapshot.accounts);
  } catch (e) {
    if (e instanceof LedgerError && STATE_DEPENDENT.has(e.code)) {
      // The snapshot predates our lock wait; if the same request committed meanwhile, this is a replay.
      const fresh = await readTransfers(tx, keys);
      if (fresh.length > 0) return replay(legs, fresh);
    }
    throw e;
  }

  const unguarded = uniqueSorted(
    legs
      .flatMap((l) => [l.debit, l.credit])
      .filter((a) => a.allowNegative)
      .map((a) => a.id),
  );
  if (unguarded.length > 1) {
    await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, unguarded))
      .orderBy(ledgerAccounts.id)
      .for("no key update");
  }
  const inserted = await writeTransfers(
    tx,
    legs.map((l) => ({
      key: l.key,
      phase: l.phase,
      debitAccountId: l.debit.id,
      creditAccountId: l.credit.id,
      amount: l.amount,
      currency: l.currency,
      kind: l.kind,
      pendingId: l.pendingId,
      reversalOf: l.reversalOf,
      memo: l.memo,
      meta: l.meta,
    })),
    plan.deltas,
    plan.entries,
  );
  if (inserted.length !== legs.length) throw new KeyRace();
  return legs.map((l) => ({ transfer: inserted.find((t) => t.key === l.key)!, replayed: false }));
}

/** Checks every leg against the locked balances, in order, and returns the balance deltas and entries to write. */
function planWrites(legs: Leg[], accounts: LedgerAccount[]) {
  const state = new Map(accounts.filter((a) => !a.allowNegative).map((a) => [a.id, { posted: a.posted, pending: a.pending }]));
  const deltas = new Map<number, { accountId: number; posted: bigint; pending: bigint }>();
  const delta = (id: number) => deltas.get(id) ?? (deltas.set(id, { accountId: id, posted: 0n, pending: 0n }), deltas.get(id)!);
  const entries: NewEntry[] = [];

  for (const leg of legs) {
    if (leg.debit.currency !== leg.currency || leg.credit.currency !== leg.currency) {
      throw new LedgerError("currency_mismatch", `A ${leg.currency} transfer cannot touch accounts in other currencies`, {
        key: leg.key,
        debit: { id: leg.debit.id, currency: leg.debit.currency },
        credit: { id: leg.credit.id, currency: leg.credit.currency },
      });
    }
    if (leg.debit.id === leg.credit.id) throw new LedgerError("same_account", "Debit and credit are the same account", { key: leg.key });
    const debit = state.get(leg.debit.id);
    if (debit && (leg.phase === "single" || leg.phase === "pending")) {
      const available = debit.posted - debit.pending;
      if (available < leg.amount) {
        throw new LedgerError("insufficient_funds", `Account ${leg.debit.code} has ${available} poisha available, ${leg.amount} needed`, {
          key: leg.key,
          accountId: leg.debit.id,
          available,
          amount: leg.amount,
        });
      }
    }
    if (debit && debit.pending < leg.release) {
      throw new LedgerError("hold_already_resolved", `Hold ${leg.pendingId} is no longer reserved`, { holdId: leg.pendingId });
    }
    const moves = leg.phase === "single" || leg.phase === "post_pending";
    const dPosted = moves ? leg.amount : 0n;
    const dPending = (leg.phase === "pending" ? leg.amount : 0n) - leg.release;
    delta(leg.debit.id).posted -= dPosted;
    delta(leg.debit.id).pending += dPending;
    delta(leg.credit.id).posted += dPosted;
    if (debit) {
      debit.posted -= dPosted;
      debit.pending += dPending;
    }
    const credit = state.get(leg.credit.id);
    if (credit) credit.posted += dPosted;
    if (credit && credit.posted > INT8_MAX) {
      throw new LedgerError("balance_overflow", `Account ${leg.credit.code} would exceed the largest storable balance`, { key: leg.key });
    }
    if (moves)
      entries.push({ key: leg.key, accountId: leg.debit.id, amount: -leg.amount }, { key: leg.key, accountId: leg.credit.id, amount: leg.amount });
  }
  return { deltas: [...deltas.values()].filter((d) => d.posted !== 0n || d.pending !== 0n).sort((a, b) => a.accountId - b.accountId), entries };
}

function buildLegs(specs: Spec[], referenced: Map<number, LedgerTransfer>, account: (r: RefRequest) => LedgerAccount): Leg[] {
  return specs.map((s): Leg => {
    const common = { key: s.input.key, memo: assertMemo(s.input.memo), meta: assertMeta(s.input.meta) };
    if (s.op === "transfer") {
      const i = s.input;
      return {
        ...common,
        phase: i.pending ? "pending" : "single",
        debit: account({ ref: i.debit, currency: i.currency }),
        credit: account({ ref: i.credit, currency: i.currency }),
        amount: i.amount,
        currency: i.currency,
        kind: i.kind,
        pendingId: null,
        reversalOf: null,
        release: 0n,
      };
    }
    if (s.op === "reverse") {
      const t = referenced.get(s.input.transferId);
      if (!t) throw new LedgerError("not_reversible", `Transfer ${s.input.transferId} does not exist`, { transferId: s.input.transferId });
      if (!(t.phase === "single" || t.phase === "post_pending") || t.reversalOf !== null) {
        throw new LedgerError("not_reversible", `Transfer ${t.id} (${t.phase}${t.reversalOf ? ", a reversal" : ""}) cannot be reversed`, {
          transferId: t.id,
        });
      }
      const currency = t.currency as Currency;
      return {
        ...common,
        phase: "single",
        debit: account({ ref: t.creditAccountId, currency }),
        credit: account({ ref: t.debitAccountId, currency }),
        amount: t.amount,
        currency,
        kind: s.input.kind ?? "reversal",
        pendingId: null,
        reversalOf: t.id,
        release: 0n,
      };
    }
    const hold = referenced.get(s.input.holdId);
    if (!hold || hold.phase !== "pending")
      throw new LedgerError("hold_not_found", `Hold ${s.input.holdId} does not exist`, { holdId: s.input.holdId });
    const amount = s.op === "post" ? (s.input.amount ?? hold.amount) : hold.amount;
    if (amount > hold.amount) {
      throw new LedgerError("invalid_amount", `Cannot post ${amount} of a ${hold.amount} hold`, { holdId: hold.id, amount, held: hold.amount });
    }
    const currency = hold.currency as Currency;
    return {
      ...common,
      phase: s.op === "post" ? "post_pending" : "void_pending",
      debit: account({ ref: hold.debitAccountId, currency }),
      credit: account({ ref: hold.creditAccountId, currency }),
      amount,
      currency,
      kind: hold.kind,
      pendingId: hold.id,
      reversalOf: null,
      release: hold.amount,
    };
  });
}

/** Holds resolve once and transfers reverse once (the unique indexes back this up). */
function checkReferencesOpen(legs: Leg[], transfers: LedgerTransfer[]) {
  for (const leg of legs) {
    const resolution = leg.pendingId ? transfers.find((t) => t.pendingId === leg.pendingId) : undefined;
    if (resolution) {
      throw new LedgerError(
        "hold_already_resolved",
        `Hold ${leg.pendingId} was already ${resolution.phase === "post_pending" ? "posted" : "voided"}`,
        {
          holdId: leg.pendingId,
          resolvedBy: resolution.id,
        },
      );
    }
    const reversal = leg.reversalOf ? transfers.find((t) => t.reversalOf === leg.reversalOf) : undefined;
    if (reversal) {
      throw new LedgerError("already_reversed", `Transfer ${leg.reversalOf} was already reversed`, {
        transferId: leg.reversalOf,
        reversedBy: reversal.id,
      });
    }
  }
}

const compared = ["phase", "debitAccountId", "creditAccountId", "amount", "currency", "kind", "pendingId", "reversalOf"] as const;

function replay(legs: Leg[], existing: LedgerTransfer[]): TransferResult[] {
  return legs.map((leg) => {
    const t = existing.find((e) => e.key === leg.key);
    if (!t) {
      throw new LedgerError("idempotency_conflict", `Some of these linked keys were already used and ${leg.key} was not`, {
        key: leg.key,
        used: existing.map((e) => e.key),
      });
    }
    const wanted = {
      phase: leg.phase,
      debitAccountId: leg.debit.id,
      creditAccountId: leg.credit.id,
      amount: leg.amount,
      currency: leg.currency,
      kind: leg.kind,
      pendingId: leg.pendingId,
      reversalOf: leg.reversalOf,
    };
    const differs = compared.filter((f) => wanted[f] !== t[f]);
    if (differs.length > 0) {
      throw new LedgerError("idempotency_conflict", `Key ${leg.key} was already used for a different transfer (${differs.join(", ")} differ)`, {
        key: leg.key,
        transferId: t.id,
        fields: differs,
      });
    }
    return { transfer: t, replayed: true };
  });
}

function uniqueSorted(ids: number[]) {
  return [...new Set(ids)].sort((a, b) => a - b);
}

type PgErrorLike = { code?: string; constraint?: string; message?: string };

/** node-postgres and PGlite errors carry the SQLSTATE in `code`; Drizzle wraps them in `cause`. */
export function pgError(e: unknown): PgErrorLike | undefined {
  for (let cur = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as PgErrorLike).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return cur as PgErrorLike;
  }
  return undefined;
}

/** The database constraints are the last line of defence; should one fire, the caller still gets a typed error. */
export function translateDbError(e: unknown, keys: string[]): unknown {
  if (e instanceof LedgerError) return e;
  if (e instanceof KeyRace) return new LedgerError("idempotency_conflict", "A concurrent call used the same key", { keys });
  if (e instanceof MissingAccounts) return new LedgerError("unknown_account", "Accounts could not be created", { keys });
  const err = pgError(e);
  if (!err) return e;
  const details = { keys, constraint: err.constraint, cause: err.message };
  if (err.code === "23514" && err.constraint === "ledger_accounts_available_check") {
    return new LedgerError("insufficient_funds", "The account balance check refused the transfer", details);
  }
  if (err.code === "23505" && err.constraint === "ledger_transfers_key_idx")
    return new LedgerError("idempotency_conflict", "Key already used", details);
  if (err.code === "23514" && err.constraint === "ledger_accounts_pending_check")
    return new LedgerError("hold_already_resolved", "Hold no longer reserved", details);
  if (err.code === "23505" && err.constraint === "ledger_transfers_pending_idx")
    return new LedgerError("hold_already_resolved", "Hold already resolved", details);
  if (err.code === "23505" && err.constraint === "ledger_transfers_reversal_idx")
    return new LedgerError("already_reversed", "Transfer already reversed", details);
  if (err.code === "22003") return new LedgerError("balance_overflow", "A balance would exceed the largest storable value", details);
  return e;
}
