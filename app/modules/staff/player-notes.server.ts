// Staff notes and tags on a player. Notes are append-only: this file offers no edit or delete, and a trigger refuses
// UPDATE, DELETE and TRUNCATE on player_notes. Tags are a set per player (primary key player + tag). Every note and
// every tag change is written with its audit row in one transaction; a tag add or remove that changes nothing (the
// tag is already there, or already gone) writes no audit row, decided by the database under concurrency.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { playerNotes, playerTags, staffUsers } from "./schema.ts";
import { NOTE_MAX, tagField } from "./player-notes.ts";

export type StaffActor = { staffId: number; ip: string | null };
export type NoteRow = { id: number; body: string; staffName: string; createdAt: Date };

const playerExists = async (playerId: number) => !!(await findPlayerById(playerId));

/** Adds a note (1 to 2000 characters after trimming) with its audit row "player.note.add". */
export async function addPlayerNote(
  actor: StaffActor,
  playerId: number,
  body: string,
): Promise<{ ok: true; id: number } | { ok: false; error: "notFound" | "invalid" }> {
  const text = body.trim();
  if (!text || text.length > NOTE_MAX) return { ok: false, error: "invalid" };
  if (!(await playerExists(playerId))) return { ok: false, error: "notFound" };
  return db.transaction(async (tx) => {
    const [note] = await tx.insert(playerNotes).values({ playerId, staffId: actor.staffId, body: text }).returning({ id: playerNotes.id });
    await audit(tx, {
      staffId: actor.staffId,
      action: "player.note.add",
      entity: "player",
      entityId: playerId,
      after: { noteId: note!.id, body: text },
      ip: actor.ip,
    });
    return { ok: true, id: note!.id } as const;
  });
}

/** The player's notes, newest first, with the author's name; keyset paging by `before` (the last id seen). */
export async function listPlayerNotes(playerId: number, { limit = 50, before }: { limit?: number; before?: number } = {}): Promise<NoteRow[]> {
  const rows = await db
    .select({ id: playerNotes.id, body: playerNotes.body, staffName: staffUsers.username, createdAt: playerNotes.createdAt })
    .from(playerNotes)
    .innerJoin(staffUsers, eq(staffUsers.id, playerNotes.staffId))
    .where(and(eq(playerNotes.playerId, playerId), before === undefined ? undefined : lt(playerNotes.id, before)))
    .orderBy(desc(playerNotes.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit)), 200));
  return rows;
}

export type TagChange = { ok: true; changed: boolean; tag: string } | { ok: false; error: "notFound" | "invalid" };

/** Adds a tag to the player's set (idempotent: a second add changes nothing and writes no audit row). */
export async function addPlayerTag(actor: StaffActor, playerId: number, raw: string): Promise<TagChange> {
  const parsed = tagField.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const tag = parsed.data;
  if (!(await playerExists(playerId))) return { ok: false, error: "notFound" };
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(playerTags)
      .values({ playerId, tag, staffId: actor.staffId })
      .onConflictDoNothing()
      .returning({ tag: playerTags.tag });
    if (added.length)
      await audit(tx, { staffId: actor.staffId, action: "player.tag.add", entity: "player", entityId: playerId, after: { tag }, ip: actor.ip });
    return { ok: true, changed: added.length > 0, tag } as const;
  });
}

/** Removes a tag from the player's set (a tag that is not there changes nothing and writes no audit row). */
export async function removePlayerTag(actor: StaffActor, playerId: number, raw: string): Promise<TagChange> {
  const parsed = tagField.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const tag = parsed.data;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(playerTags)
      .where(and(eq(playerTags.playerId, playerId), eq(playerTags.tag, tag)))
      .returning({ tag: playerTags.tag });
    if (removed.length)
      await audit(tx, { staffId: actor.staffId, action: "player.tag.remove", entity: "player", entityId: playerId, before: { tag }, ip: actor.ip });
    return { ok: true, changed: removed.length > 0, tag } as const;
  });
}

export async function listPlayerTags(playerId: number): Promise<string[]> {
  const rows = await db.select({ tag: playerTags.tag }).from(playerTags).where(eq(playerTags.playerId, playerId)).orderBy(playerTags.tag);
  return rows.map((r) => r.tag);
}

/** Every tag in use, for the player list's tag filter (read by skipping through the tag index). */
export async function listTagsInUse(limit = 200): Promise<string[]> {
  const rows = await db.selectDistinct({ tag: playerTags.tag }).from(playerTags).orderBy(playerTags.tag).limit(limit);
  return rows.map((r) => r.tag);
}

/** A condition for the back office's player list: the player (the SQL expression of their id) carries this tag. */
export const hasTagSql = (playerId: ReturnType<typeof sql>, tag: string) =>
  sql`exists (select 1 from ${playerTags} pt where pt.player_id = ${playerId} and pt.tag = ${tag})`;
