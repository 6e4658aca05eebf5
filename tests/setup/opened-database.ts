// Shared by the two database set-ups (db-pglite.ts, db-postgres.ts).
/** The database this test file opened, if it opened one (app/db/db.server.ts registers it). */
export async function closeOpenedDatabase() {
  const database = (globalThis as { [key: symbol]: { close(): Promise<void> } | undefined })[Symbol.for("bdgame.database")];
  await database?.close();
}
