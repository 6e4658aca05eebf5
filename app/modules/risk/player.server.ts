// The player a risk tab is about (its header and tabs).
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";

export async function riskPlayer(playerId: number) {
  const [row] = await db.select({ id: players.id, username: players.username }).from(players).where(eq(players.id, playerId));
  return row;
}
