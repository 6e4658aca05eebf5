import { and, eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type Currency } from "#app/modules/players/index.ts";
import { LedgerError } from "./errors.ts";
import { type LedgerAccount, ledgerAccounts } from "./schema.ts";
import type { RefRequest } from "./statements.server.ts";
import { assertCurrency, assertId, parseAccountCode } from "./validation.ts";

export type PlayerAccounts = { main: LedgerAccount; bonus: LedgerAccount };

/**
 * The player's main and bonus accounts in `currency`, created on first use. Refuses an unknown player
 * (unknown_account) and a currency other than the player's own (currency_mismatch).
 */
export async function ensurePlayerAccounts(playerId: number, currency: Currency, ex: Executor = db): Promise<PlayerAccounts> {
  assertId(playerId, "playerId");
  assertCurrency(currency);
  const where = and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.currency, currency));
  let rows = await ex.select().from(ledgerAccounts).where(where);
  if (rows.length < 2) {
    // Inserted through a select on players so a missing player or another currency inserts nothing (no FK error).
    await ex.execute(sql`
      insert into ledger_accounts (code, currency, player_id, wallet)
      select 'player:' || p.id || ':' || w.wallet, p.currency, p.id, w.wallet
      from players p cross join (values ('main'), ('bonus')) as w(wallet)
      where p.id = ${playerId} and p.currency = ${currency}
      on conflict do nothing`);
    rows = await ex.select().from(ledgerAccounts).where(where);
  }
  const main = rows.find((r) => r.wallet === "main");
  const bonus = rows.find((r) => r.wallet === "bonus");
  if (main && bonus) return { main, bonus };
  const [player] = await ex.select({ currency: players.currency }).from(players).where(eq(players.id, playerId));
  if (!player) throw new LedgerError("unknown_account", `Player ${playerId} does not exist`, { playerId });
  throw new LedgerError("currency_mismatch", `Player ${playerId} plays in ${player.currency}, not ${currency}`, {
    playerId,
    playerCurrency: player.currency,
    currency,
  });
}

/** A house, clearing, expense or game account by code, created on first use. House accounts may go negative by default. */
export async function ensureHouseAccount(
  code: string,
  currency: Currency,
  { allowNegative = true }: { allowNegative?: boolean } = {},
  ex: Executor = db,
): Promise<LedgerAccount> {
  if (!("house" in parseAccountCode(code))) {
    throw new LedgerError("invalid_input", `${code} is a player account code; use ensurePlayerAccounts`, { code });
  }
  assertCurrency(currency);
  const where = and(eq(ledgerAccounts.code, code), eq(ledgerAccounts.currency, currency));
  const [existing] = await ex.select().from(ledgerAccounts).where(where);
  if (existing) return existing;
  await ex.insert(ledgerAccounts).values({ code, currency, allowNegative }).onConflictDoNothing();
  const [row] = await ex.select().from(ledgerAccounts).where(where);
  return row!;
}

/** Several house accounts at once (one statement), e.g. a provider's house shards; existing ones are left as they are. */
export async function ensureHouseAccounts(codes: string[], currency: Currency, ex: Executor = db): Promise<void> {
  for (const code of codes) {
    if (!("house" in parseAccountCode(code))) throw new LedgerError("invalid_input", `${code} is a player account code`, { code });
  }
  assertCurrency(currency);
  if (codes.length === 0) return;
  await ex
    .insert(ledgerAccounts)
    .values(codes.map((code) => ({ code, currency, allowNegative: true })))
    .onConflictDoNothing();
}

/** Creates the accounts named by codes (player or house), in the requested currencies. */
export async function createAccounts(refs: RefRequest[], ex: Executor = db) {
  for (const r of refs) {
    if (typeof r.ref === "number") continue;
    const parsed = parseAccountCode(r.ref);
    if ("player" in parsed) await ensurePlayerAccounts(parsed.player.id, r.currency, ex);
    else await ensureHouseAccount(parsed.house, r.currency, {}, ex);
  }
}

/**
 * Locks every account of these players (FOR NO KEY UPDATE) until the transaction ends: the players in ascending id
 * order, each one's accounts in id order, the order in which the exchange's transactions and the seamless wallet
 * take them. For a caller whose rule spans several of a player's transactions (a stake limit over the casino and
 * every exchange market): while it holds them, no other money moves for these players.
 */
export async function lockPlayerAccounts(ex: Executor, playerIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  for (const id of ids) assertId(id, "playerId");
  if (!ids.length) return;
  await ex.execute(sql`
    select a.id from ledger_accounts a
    where a.player_id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})
    order by a.player_id, a.id for no key update`);
}
