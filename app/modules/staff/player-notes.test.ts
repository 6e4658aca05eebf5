// Staff notes and tags on the real database (PGlite, and PostgreSQL with DATABASE_URL): notes cannot be changed or
// removed (not even by SQL), 50 notes added at once all land with one audit row each, 50 adds of one tag at once leave
// one tag row and one audit row, and one player's notes and tags never show on another's.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { createPlayer, createStaff } from "#tests/kit/index.ts";
import * as frontDoor from "./index.server.ts";
import { addPlayerNote, addPlayerTag, listPlayerNotes, listPlayerTags, listTagsInUse, removePlayerTag } from "./player-notes.server.ts";
import { playerNotes, playerTags } from "./schema.ts";

const auditRows = (action: string, playerId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(playerId))));

describe("staff notes", () => {
  it("adds a note with its audit row and lists it for that player only", async () => {
    const [a, b, staff] = await Promise.all([createPlayer(), createPlayer(), createStaff()]);
    const actor = { staffId: staff.id, ip: "10.1.1.1" };
    const added = await addPlayerNote(actor, a.id, "  Asked about the টাকা bonus  ");
    expect(added).toMatchObject({ ok: true });
    await addPlayerNote(actor, b.id, "note for b");
    const notes = await listPlayerNotes(a.id);
    expect(notes.map((n) => n.body)).toEqual(["Asked about the টাকা bonus"]);
    expect(notes[0]!.staffName).toBe(staff.username);
    const audits = await auditRows("player.note.add", a.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: staff.id, entity: "player", ip: "10.1.1.1" });
  });

  it("refuses a blank or too long note and a player that does not exist", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    const actor = { staffId: staff.id, ip: null };
    expect(await addPlayerNote(actor, p.id, "   ")).toEqual({ ok: false, error: "invalid" });
    expect(await addPlayerNote(actor, p.id, "x".repeat(2001))).toEqual({ ok: false, error: "invalid" });
    expect(await addPlayerNote(actor, 2_000_000_000, "hello")).toEqual({ ok: false, error: "notFound" });
    expect(await listPlayerNotes(p.id)).toEqual([]);
  });

  it("offers no edit or delete, and the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    const added = await addPlayerNote({ staffId: staff.id, ip: null }, p.id, "original");
    if (!added.ok) throw new Error("not added");
    expect(Object.keys(frontDoor).filter((name) => /note/i.test(name) && /edit|update|delete|remove/i.test(name))).toEqual([]);
    await expect(db.update(playerNotes).set({ body: "changed" }).where(eq(playerNotes.id, added.id))).rejects.toThrow();
    await expect(db.delete(playerNotes).where(eq(playerNotes.id, added.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate player_notes`)).rejects.toThrow();
    expect((await listPlayerNotes(p.id)).map((n) => n.body)).toEqual(["original"]);
  });

  it("lands 50 notes added at once, each once with one audit row", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    const bodies = Array.from({ length: 50 }, (_, i) => `parallel note ${i}`);
    const results = await Promise.all(bodies.map((body) => addPlayerNote({ staffId: staff.id, ip: null }, p.id, body)));
    expect(results.every((r) => r.ok)).toBe(true);
    const notes = await listPlayerNotes(p.id, { limit: 200 });
    expect(notes.map((n) => n.body).sort()).toEqual([...bodies].sort());
    const audits = await auditRows("player.note.add", p.id);
    expect(audits).toHaveLength(50);
    expect(new Set(audits.map((r) => (r.after as { noteId: number }).noteId)).size).toBe(50);
  });

  it("pages notes newest first", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    for (const body of ["one", "two", "three"]) await addPlayerNote({ staffId: staff.id, ip: null }, p.id, body);
    const first = await listPlayerNotes(p.id, { limit: 2 });
    expect(first.map((n) => n.body)).toEqual(["three", "two"]);
    const next = await listPlayerNotes(p.id, { limit: 2, before: first.at(-1)!.id });
    expect(next.map((n) => n.body)).toEqual(["one"]);
  });
});

describe("player tags", () => {
  it("normalises, adds, lists and removes a tag, each change audited once", async () => {
    const [a, b, staff] = await Promise.all([createPlayer(), createPlayer(), createStaff()]);
    const actor = { staffId: staff.id, ip: null };
    expect(await addPlayerTag(actor, a.id, "  VIP Watch ")).toEqual({ ok: true, changed: true, tag: "vip-watch" });
    expect(await addPlayerTag(actor, a.id, "vip-watch")).toEqual({ ok: true, changed: false, tag: "vip-watch" });
    await addPlayerTag(actor, b.id, "other");
    expect(await listPlayerTags(a.id)).toEqual(["vip-watch"]);
    expect(await listTagsInUse()).toEqual(expect.arrayContaining(["other", "vip-watch"]));
    expect(await removePlayerTag(actor, a.id, "vip-watch")).toEqual({ ok: true, changed: true, tag: "vip-watch" });
    expect(await removePlayerTag(actor, a.id, "vip-watch")).toEqual({ ok: true, changed: false, tag: "vip-watch" });
    expect(await listPlayerTags(a.id)).toEqual([]);
    expect(await listPlayerTags(b.id)).toEqual(["other"]);
    expect(await auditRows("player.tag.add", a.id)).toHaveLength(1);
    expect(await auditRows("player.tag.remove", a.id)).toHaveLength(1);
  });

  it("refuses a tag that is not one and a player that does not exist", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    const actor = { staffId: staff.id, ip: null };
    for (const bad of ["", "   ", "-x", "a".repeat(33), "=cmd()", "টাকা"])
      expect(await addPlayerTag(actor, p.id, bad)).toEqual({ ok: false, error: "invalid" });
    expect(await addPlayerTag(actor, 2_000_000_000, "ok")).toEqual({ ok: false, error: "notFound" });
  });

  it("keeps one tag row and one audit row when 50 staff add the same tag at once", async () => {
    const [p, staff] = await Promise.all([createPlayer(), createStaff()]);
    const results = await Promise.all(Array.from({ length: 50 }, () => addPlayerTag({ staffId: staff.id, ip: null }, p.id, "chargeback")));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(await db.select().from(playerTags).where(eq(playerTags.playerId, p.id))).toHaveLength(1);
    expect(await auditRows("player.tag.add", p.id)).toHaveLength(1);
  });
});
