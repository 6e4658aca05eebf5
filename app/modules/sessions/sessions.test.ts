import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { sessions } from "./schema.ts";
import { createSession, deleteOtherSessions, deleteSession, getSessionPlayer, hashToken, pruneExpiredSessions } from "./sessions.server.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";

describe("sessions", () => {
  it("stores only a hash of the token and resolves the player from the token", async () => {
    const p = await signedUpPlayer("sess01");
    const { token } = await createSession(p.id, { ip: "1.2.3.4", userAgent: "test" });
    const rows = await db.select().from(sessions).where(eq(sessions.playerId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashToken(token));
    expect(rows[0]!.id).not.toContain(token);
    expect((await getSessionPlayer(token))?.username).toBe("sess01");
    expect(await getSessionPlayer(token + "x")).toBeUndefined();
    expect(await getSessionPlayer("")).toBeUndefined();
  });

  it("rejects expired sessions and prunes them", async () => {
    const p = await signedUpPlayer("sess02");
    const { token } = await createSession(p.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(token)));
    expect(await getSessionPlayer(token)).toBeUndefined();
    await pruneExpiredSessions();
    expect(await db.select().from(sessions).where(eq(sessions.playerId, p.id))).toHaveLength(0);
  });

  it("does not resolve a blocked player", async () => {
    const p = await signedUpPlayer("sess03");
    const { token } = await createSession(p.id);
    await db.update(players).set({ status: "blocked" }).where(eq(players.id, p.id));
    expect(await getSessionPlayer(token)).toBeUndefined();
  });

  it("logout deletes the row; a password change ends the other sessions only", async () => {
    const p = await signedUpPlayer("sess04");
    const a = await createSession(p.id);
    const b = await createSession(p.id);
    const c = await createSession(p.id);
    await deleteSession(a.token);
    expect(await getSessionPlayer(a.token)).toBeUndefined();
    await deleteOtherSessions(p.id, b.token);
    expect(await getSessionPlayer(b.token)).toBeDefined();
    expect(await getSessionPlayer(c.token)).toBeUndefined();
  });
});
