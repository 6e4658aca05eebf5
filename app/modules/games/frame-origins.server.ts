// Where /gamerun's iframe may load an aggregator's game page: the origin of each active provider's base URL. The
// document CSP lists them (frame-src) instead of any https: page; cached like the site settings, so a provider added
// in the back office is framed on every instance within the TTL.
import { and, eq, ne } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { ttlCache } from "#app/utils/ttl-cache.server.ts";
import { gameProviders } from "./schema.ts";

const FRAME_ORIGINS_TTL_MS = 10_000;

/** The origin of a provider's base URL ("https://games.example.com"), or null when it is not an http(s) URL. */
export function frameOriginOf(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

const origins = ttlCache(FRAME_ORIGINS_TTL_MS, async () => {
  const rows = await db
    .select({ baseUrl: gameProviders.baseUrl })
    .from(gameProviders)
    .where(and(eq(gameProviders.status, "active"), eq(gameProviders.kind, "aggregator"), ne(gameProviders.baseUrl, "")));
  return [...new Set(rows.map((r) => frameOriginOf(r.baseUrl)).filter((o): o is string => o !== null))].sort();
});

export function providerFrameOrigins(): Promise<string[]> {
  return origins.get();
}
