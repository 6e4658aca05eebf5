// Demo mode's play-money starting balance: credited once to every new player through the ledger (house:demo ->
// the player's main wallet), with no turnover requirement. Idempotent by its key, so a retry never pays twice.
import { db, type Executor } from "#app/db/db.server.ts";
import { readGeneralSettings } from "#app/modules/settings/index.server.ts";
import { transfer } from "#app/modules/ledger/index.server.ts";
import type { Currency } from "./schema.ts";

export const demoCreditKey = (playerId: number) => `demo-credit:${playerId}`;

/** Credits the demo starting balance when the site is in demo mode and the amount is above 0; returns what was credited. */
export async function creditDemoBalance(player: { id: number; currency: Currency }, ex: Executor = db): Promise<bigint> {
  const settings = await readGeneralSettings(ex);
  if (!settings || settings.mode !== "demo" || settings.demoStartingBalance <= 0n) return 0n;
  await transfer(
    {
      key: demoCreditKey(player.id),
      debit: "house:demo",
      credit: `player:${player.id}:main`,
      amount: settings.demoStartingBalance,
      currency: player.currency,
      kind: "demo_credit",
      memo: "Demo mode starting balance (play money)",
    },
    ex,
  );
  return settings.demoStartingBalance;
}
