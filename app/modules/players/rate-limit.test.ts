import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import {
  clearUsernameFailures,
  LOGIN_WINDOW_MINUTES,
  loginRetryAfterMinutes,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_USERNAME,
  pruneLoginFailures,
  recordLoginFailure,
} from "./rate-limit.server.ts";

const minutes = (n: number) => n * 60_000;

describe("login rate limit", () => {
  it("limits a username after the allowed failures, from any IP, until the window passes", async () => {
    const start = new Date("2026-11-21T10:00:00Z");
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) await recordLoginFailure(db, "Victim1", `10.0.0.${i}`, start);
    expect(await loginRetryAfterMinutes(db, "victim1", "10.9.9.9", start)).toBe(0);
    await recordLoginFailure(db, "victim1", "10.0.0.99", start);
    expect(await loginRetryAfterMinutes(db, "VICTIM1", "10.9.9.9", start)).toBe(LOGIN_WINDOW_MINUTES);
    const later = new Date(start.getTime() + minutes(LOGIN_WINDOW_MINUTES) + 1000);
    expect(await loginRetryAfterMinutes(db, "victim1", "10.9.9.9", later)).toBe(0);
  });

  it("limits an IP that tries many usernames", async () => {
    const at = new Date("2026-11-21T11:00:00Z");
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) await recordLoginFailure(db, `spray${i}`, "10.20.30.40", at);
    expect(await loginRetryAfterMinutes(db, "someoneelse", "10.20.30.40", at)).toBeGreaterThan(0);
    expect(await loginRetryAfterMinutes(db, "someoneelse", "10.20.30.41", at)).toBe(0);
  });

  it("a successful login clears the username's failures; pruning drops old rows", async () => {
    const at = new Date();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) await recordLoginFailure(db, "forgetful", "10.1.1.1", at);
    await clearUsernameFailures(db, "forgetful");
    expect(await loginRetryAfterMinutes(db, "forgetful", "10.1.1.2", at)).toBe(0);
    await pruneLoginFailures(db, new Date(at.getTime() + minutes(LOGIN_WINDOW_MINUTES + 1)));
    expect(await loginRetryAfterMinutes(db, "x", "10.1.1.1", at)).toBe(0);
  });
});
