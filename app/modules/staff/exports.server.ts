// Back-office CSV exports are audited: who exported which list with which filter, before the first row is sent.
import { db } from "#app/db/db.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import type { StaffActor } from "./player-notes.server.ts";

/** Writes the audit row "export.<list>" (entity: the list, entityId: the player for a player's own list). */
export async function auditExport(actor: StaffActor, list: string, filter: Record<string, unknown>, playerId?: number) {
  await db.transaction((tx) =>
    audit(tx, { staffId: actor.staffId, action: `export.${list}`, entity: list, entityId: playerId ?? null, after: filter, ip: actor.ip }),
  );
}
