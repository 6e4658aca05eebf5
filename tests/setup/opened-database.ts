// Shared by the two database set-ups (db-pglite.ts, db-postgres.ts).
/** The database this test file opened, if it opened one (app/db/db.server.ts registers it). */
export async function closeOpenedDatabase() {
  const registry = globalThis as { [key: symbol]: unknown };
  // Settled house bets still waiting to be published (app/modules/games/house/live-bets.server.ts) read the database:
  // they go out before it closes.
  await (registry[Symbol.for("deshplay.liveBets")] as { flush(): Promise<void> } | undefined)?.flush();
  await (registry[Symbol.for("bdgame.database")] as { close(): Promise<void> } | undefined)?.close();
}
