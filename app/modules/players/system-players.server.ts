// Accounts the system plays with (the demo's market-maker): players nobody can log in as.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "./schema.ts";

/** The system player's id, created on first use; safe when several instances create it at once. */
export async function ensureSystemPlayer(account: { username: string; phone: string; email: string; referralCode: string }): Promise<number> {
  const find = async () => (await db.select({ id: players.id }).from(players).where(eq(players.username, account.username)))[0];
  const existing = await find();
  if (existing) return existing.id;
  const [created] = await db
    .insert(players)
    // Not a hash of any password: nobody can log in as a system player.
    .values({ ...account, passwordHash: `!${account.username}` })
    .onConflictDoNothing()
    .returning({ id: players.id });
  return (created ?? (await find()))!.id;
}
