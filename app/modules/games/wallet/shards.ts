// House account shards: a provider's house balance is split over HOUSE_SHARDS ledger accounts so that the bets
// of many players do not all update (and wait for) one row. A player always uses the same shard, so a round's
// bets, wins and rollbacks stay on one account; the provider's house result is the sum of its shards.

export const HOUSE_SHARDS = 64;

/** `game:<platform lower-case>:<playerId % 64>`: the house account a player's bets credit and wins debit. */
export function houseShardAccount(platform: string, playerId: number): string {
  return `game:${platform.toLowerCase()}:${playerId % HOUSE_SHARDS}`;
}

/** The ledger idempotency key of one leg of a wallet call: `<PLATFORM>:<txnId>:main|bonus`. */
export function walletLedgerKey(platform: string, txnId: string, wallet: "main" | "bonus"): string {
  return `${platform}:${txnId}:${wallet}`;
}
