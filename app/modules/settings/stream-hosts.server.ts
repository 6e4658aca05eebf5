// The operator's allow-list of live-stream hosts: read by the CSP of every page (cached with the site settings, so
// every instance agrees within its TTL) and by the check of an event's stream URL; an admin edits it, audited.
import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { getGeneralSettings } from "./general.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { generalSettings } from "./schema.ts";

/** The allowed hosts as every page reads them (cached). */
export async function configuredStreamHosts(): Promise<string[]> {
  return (await getGeneralSettings()).streamHosts;
}

/** The allowed hosts as the database holds them now (a staff change is checked against these, not a cached copy). */
export async function currentStreamHosts(ex: Executor = db): Promise<string[]> {
  const [row] = await ex.select({ hosts: generalSettings.streamHosts }).from(generalSettings).orderBy(asc(generalSettings.id)).limit(1);
  return row?.hosts ?? [];
}

/** Replaces the allow-list (already parsed by parseStreamHosts); returns whether it changed. */
export async function updateStreamHosts(actor: { id: number; ip: string | null }, hosts: string[]): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: generalSettings.id, hosts: generalSettings.streamHosts })
      .from(generalSettings)
      .orderBy(asc(generalSettings.id))
      .limit(1)
      .for("update");
    if (!row) throw new Error("Site settings are missing: the database was not seeded.");
    if (JSON.stringify(row.hosts) === JSON.stringify(hosts)) return false;
    await tx.update(generalSettings).set({ streamHosts: hosts, updatedAt: new Date() }).where(eq(generalSettings.id, row.id));
    await audit(tx, {
      staffId: actor.id,
      action: "settings.streamHosts",
      entity: "general_settings",
      entityId: row.id,
      before: { streamHosts: row.hosts },
      after: { streamHosts: hosts },
      ip: actor.ip,
    });
    return true;
  });
  if (changed) contentChanged();
  return changed;
}
