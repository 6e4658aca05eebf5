// The first statement of every money call: lock the player's ledger accounts and read everything the call
// decides on. Holding the player's account locks for the rest of the transaction serialises the calls of one
// player (so balance checks, round state and tombstones are decided one at a time) while different players
// proceed in parallel. Later statements of the call read fresh state after this lock.
import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { preparedRows } from "#app/db/rows.server.ts";
import { GAME_SESSION_HOURS, hashLaunchToken } from "../launch-token.server.ts";
import type { WalletAction } from "../schema.ts";
import type { Currency } from "#app/modules/players/index.ts";
import { excludedAt, type StakeLimit } from "#app/modules/protection/index.server.ts";

export type StoredCall = {
  id: number;
  txnId: string;
  action: WalletAction;
  playerId: number;
  roundId: string;
  gameCode: string;
  amount: bigint;
  refTxnId: string | null;
  status: "applied" | "tombstone";
  response: Record<string, unknown>;
};

export type CallContext = {
  provider: { id: number; platform: string; active: boolean } | null;
  player: { id: number; blocked: boolean; currency: Currency } | null;
  game: { id: number; type: string; providerId: number; active: boolean } | null;
  /** Available main and bonus (0 when the accounts do not exist yet), read under the lock. */
  main: bigint;
  bonus: bigint;
  /** The call with this (provider, txn id), if one had committed when the statement started. */
  call: StoredCall | null;
  hasActiveTurnover: boolean;
  /** The player's stake and loss limits (empty: none, and the bet needs no limit check). */
  limits: StakeLimit[];
  /** Under a time-out, self-exclusion or closure now. */
  excluded: boolean;
  /** The site runs in real-money mode (bets then need the operator's identity checks). */
  realMoney: boolean;
  /**
   * The launch session the call's token names, for this player and a game of this provider: live (opened in
   * /gamerun less than GAME_SESSION_HOURS ago), expired, unopened, or null (no such launch; no token).
   */
  session: "live" | "expired" | "unopened" | null;
};

export const callJson = (c: string) =>
  sql.raw(`json_build_object('id', ${c}.id, 'txnId', ${c}.txn_id, 'action', ${c}.action, 'playerId', ${c}.player_id,
    'roundId', ${c}.round_id, 'gameCode', ${c}.game_code, 'amount', ${c}.amount::text, 'refTxnId', ${c}.ref_txn_id,
    'status', ${c}.status, 'response', ${c}.response)`);

export function toCall(j: Record<string, unknown> | null): StoredCall | null {
  if (!j) return null;
  return {
    id: Number(j.id),
    txnId: String(j.txnId),
    action: j.action as WalletAction,
    playerId: Number(j.playerId),
    roundId: String(j.roundId),
    gameCode: String(j.gameCode),
    amount: BigInt(j.amount as string),
    refTxnId: (j.refTxnId as string | null) ?? null,
    status: j.status as StoredCall["status"],
    response: (j.response as Record<string, unknown>) ?? {},
  };
}

type Raw = {
  provider: { id: number; platform: string; status: string } | null;
  player: { id: number; status: string; currency: Currency } | null;
  game: { id: number; type: string; providerId: number; active: boolean } | null;
  accounts: Array<{ wallet: "main" | "bonus"; available: string }> | null;
  call: Record<string, unknown> | null;
  turnover: boolean;
  limits: Array<{ kind: StakeLimit["kind"]; period: StakeLimit["period"]; amount: string }> | null;
  excluded: boolean;
  real_money: boolean | null;
  session: CallContext["session"];
};

export async function lockContext(
  tx: Tx,
  { platform, playerId, gameCode, txnId, token }: { platform: string; playerId: number; gameCode: string; txnId: string; token?: string },
): Promise<CallContext> {
  // Without a token (wins, rollbacks, house bets) the session lookup finds nothing on the unique index.
  const tokenHash = token ? hashLaunchToken(token) : "";
  // The accounts are locked in id order, like the ledger does, and only the accounts (`of a`), not the player row.
  const [raw] = await preparedRows<Raw>(
    tx,
    sql`
      select
        (select json_build_object('id', id, 'platform', platform, 'status', status) from game_providers where platform = ${platform}) as provider,
        (select json_build_object('id', id, 'status', status, 'currency', currency) from players where id = ${playerId}) as player,
        (select json_build_object('id', g.id, 'type', g.type, 'providerId', g.provider_id, 'active', g.active) from games g where g.code = ${gameCode}) as game,
        (select json_agg(json_build_object('wallet', l.wallet, 'available', (l.posted - l.pending)::text)) from (
          select a.wallet, a.posted, a.pending from ledger_accounts a join players p on p.id = a.player_id and p.currency = a.currency
          where a.player_id = ${playerId} order by a.id for no key update of a) l) as accounts,
        (select ${callJson("c")} from game_wallet_calls c
          where c.provider_id = (select id from game_providers where platform = ${platform}) and c.txn_id = ${txnId}) as call,
        exists (select 1 from turnover_requirements t where t.player_id = ${playerId} and t.status = 'active') as turnover,
        (select json_agg(json_build_object('kind', kind, 'period', period, 'amount', amount::text)) from rg_limits
          where player_id = ${playerId} and kind in ('stake', 'loss')) as limits,
        ${excludedAt(playerId, sql`now()`)} as excluded,
        (select mode = 'real' from general_settings order by id limit 1) as real_money,
        (select case when l.used_at is null then 'unopened'
            when l.used_at > now() - make_interval(hours => ${GAME_SESSION_HOURS}) then 'live' else 'expired' end
          from game_launches l join games lg on lg.id = l.game_id
          where l.token_hash = ${tokenHash} and l.player_id = ${playerId}
            and lg.provider_id = (select id from game_providers where platform = ${platform})) as session`,
  );
  const available = (wallet: "main" | "bonus") => BigInt(raw!.accounts?.find((a) => a.wallet === wallet)?.available ?? "0");
  return {
    provider: raw!.provider ? { id: raw!.provider.id, platform: raw!.provider.platform, active: raw!.provider.status === "active" } : null,
    player: raw!.player ? { id: raw!.player.id, blocked: raw!.player.status !== "active", currency: raw!.player.currency } : null,
    game: raw!.game,
    main: available("main"),
    bonus: available("bonus"),
    call: toCall(raw!.call),
    hasActiveTurnover: Boolean(raw!.turnover),
    limits: (raw!.limits ?? []).map((l) => ({ kind: l.kind, period: l.period, amount: BigInt(l.amount) })),
    excluded: Boolean(raw!.excluded),
    realMoney: Boolean(raw!.real_money),
    session: raw!.session ?? null,
  };
}
