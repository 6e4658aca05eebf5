import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { createSession, getSessionPlayer, hashToken } from "#app/modules/sessions/sessions.server.ts";
import { changeLimit } from "./limits.server.ts";

afterAll(closeIdleConnections);

const startedAgo = (token: string, minutes: number) =>
  db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, hashToken(token)));

describe("the session-time limit", () => {
  it("ends a session once it is older than the limit, and says which limit", async () => {
    const player = await signedUpPlayer(`rgsess${process.pid % 10_000}`);
    const { token } = await createSession(player.id);
    await startedAgo(token, 45);
    expect((await getSessionPlayer(token))?.id).toBe(player.id);

    await changeLimit(player.id, { kind: "session", period: "session" }, 60n);
    const ended: { sessionLimitMinutes?: number } = {};
    expect((await getSessionPlayer(token, ended))?.id).toBe(player.id);
    expect(ended.sessionLimitMinutes).toBeUndefined();

    await startedAgo(token, 60);
    expect(await getSessionPlayer(token, ended)).toBeUndefined();
    expect(ended.sessionLimitMinutes).toBe(60);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toEqual([]);

    // A new log-in starts a new session with a fresh clock.
    const again = await createSession(player.id);
    expect((await getSessionPlayer(again.token))?.id).toBe(player.id);
  });
});
