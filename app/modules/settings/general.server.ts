// The general settings row as every page reads it: cached per instance for a TTL (a staff edit empties the caches of
// this instance at once; other instances catch up within the TTL). Content's site config builds on it.
import { asc } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { ttlCache } from "#app/utils/ttl-cache.server.ts";
import { generalSettings } from "./schema.ts";

export type GeneralSettings = typeof generalSettings.$inferSelect;

const GENERAL_SETTINGS_TTL_MS = 10_000;
/** The row read fresh (not the page cache), in the caller's transaction where money depends on it; null before the
 *  site is seeded. */
export async function readGeneralSettings(executor: Executor = db): Promise<GeneralSettings | null> {
  const [row] = await executor.select().from(generalSettings).orderBy(asc(generalSettings.id)).limit(1);
  return row ?? null;
}

const cached = ttlCache(GENERAL_SETTINGS_TTL_MS, async (): Promise<GeneralSettings> => {
  const general = await readGeneralSettings();
  if (!general) throw new Error("Site settings are missing: the database was not seeded.");
  return general;
});

export function getGeneralSettings(): Promise<GeneralSettings> {
  return cached.get();
}
