import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { getStaff } from "#app/modules/staff/auth.server.ts";
import { ensureSeedAdmin, SEED_ADMIN_USERNAME } from "#app/modules/staff/staff.server.ts";
import { readSessionToken } from "#app/modules/sessions/auth.server.ts";
import { getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { openTestSession } from "./test-sessions.server.ts";

const KEY = randomBytes(32).toString("base64url");
const testEnv = { E2E_SESSION_KEY: KEY, PUBLIC_URL: "http://localhost:3200" };

function sessionRequest(body: Record<string, string>, key: string | null = KEY) {
  const headers: Record<string, string> = {};
  if (key !== null) headers["x-e2e-session-key"] = key;
  return new Request("http://localhost:3200/__e2e/session", { method: "POST", headers, body: new URLSearchParams(body) });
}

const cookieOf = (setCookie: string) => setCookie.split(";", 1)[0]!;

describe("browser-test sessions", () => {
  it("open a player's session for the holder of the key", async () => {
    const player = await signedUpPlayer(`e2es${randomBytes(3).toString("hex")}`);
    const outcome = await openTestSession(sessionRequest({ role: "player", username: player.username }), testEnv);
    expect(outcome.status).toBe(204);
    if (outcome.status !== 204) return;
    const token = await readSessionToken(new Request("http://localhost:3200/", { headers: { cookie: cookieOf(outcome.setCookie) } }));
    expect((await getSessionPlayer(token!))?.username).toBe(player.username);
  });

  it("open a staff session", async () => {
    await ensureSeedAdmin(db, "Vitest-Admin-Pass-1");
    const outcome = await openTestSession(sessionRequest({ role: "staff", username: SEED_ADMIN_USERNAME }), testEnv);
    expect(outcome.status).toBe(204);
    if (outcome.status !== 204) return;
    const staff = await getStaff(new Request("http://localhost:3200/admin", { headers: { cookie: cookieOf(outcome.setCookie) } }));
    expect(staff?.staff.username).toBe(SEED_ADMIN_USERNAME);
  });

  it("are a 404 without the server's key, with a wrong one, under https, or for an unknown name", async () => {
    const player = await signedUpPlayer(`e2es${randomBytes(3).toString("hex")}`);
    const body = { role: "player", username: player.username };
    expect((await openTestSession(sessionRequest(body), { PUBLIC_URL: "http://localhost:3200" })).status).toBe(404);
    expect((await openTestSession(sessionRequest(body, null), testEnv)).status).toBe(404);
    expect((await openTestSession(sessionRequest(body, `${KEY.slice(1)}x`), testEnv)).status).toBe(404);
    expect((await openTestSession(sessionRequest(body, KEY.slice(1)), testEnv)).status).toBe(404);
    expect((await openTestSession(sessionRequest(body), { ...testEnv, PUBLIC_URL: "https://example.com" })).status).toBe(404);
    expect((await openTestSession(sessionRequest({ role: "player", username: "nobody-here" }), testEnv)).status).toBe(404);
    expect((await openTestSession(sessionRequest({ role: "root", username: player.username }), testEnv)).status).toBe(400);
  });
});
