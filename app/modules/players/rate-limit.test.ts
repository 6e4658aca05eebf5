import { describe, expect, it, vi } from "vitest";

// Every password check the log-in makes is counted: a limit holds when the checks stop at it.
const checks = vi.hoisted(() => ({ n: 0 }));
vi.mock("./password.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("./password.server.ts")>();
  return {
    ...original,
    verifyPassword: async (hash: string, password: string) => (checks.n++, original.verifyPassword(hash, password)),
    burnPasswordCheck: async (password: string) => (checks.n++, original.burnPasswordCheck(password)),
  };
});

import { db } from "#app/db/db.server.ts";
import { authenticate } from "./players.server.ts";
import {
  ADDRESS_MAX_STEP_MS,
  ADDRESS_SLOW_AFTER,
  ADDRESS_STEP_MS,
  addressStepMs,
  beginLoginAttempt,
  countHits,
  LOGIN_WINDOW_MINUTES,
  loginKeys,
  MAX_FAILURES_PER_USER_AND_IP,
  pruneRateLimitHits,
  releaseHits,
  takeHits,
  USERNAME_SLOW_AFTER,
} from "./rate-limit.server.ts";
import { rateLimitHits } from "./schema.ts";
import { signedUpPlayer } from "./test-helpers.ts";

const MIN = 60_000;
const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

async function countedChecks<T>(run: () => Promise<T>) {
  checks.n = 0;
  const result = await run();
  return { result, checks: checks.n };
}

describe("takeHits", () => {
  it("lets `max` hits through per window, says when the oldest frees a place, and takes nothing when refused", async () => {
    const t0 = new Date("2026-11-21T10:00:00Z");
    const limits = [{ key: "test:a", max: 3, windowMinutes: 15 }];
    for (let i = 0; i < 3; i++) expect((await takeHits(limits, new Date(t0.getTime() + i * MIN))).ok).toBe(true);
    expect(await takeHits(limits, new Date(t0.getTime() + 5 * MIN))).toEqual({ ok: false, retryAfterMinutes: 10 });
    expect(await countHits("test:a", t0)).toBe(3);
    expect((await takeHits(limits, new Date(t0.getTime() + 15 * MIN + 1))).ok).toBe(true);
  });

  it("takes a hit on every key or on none", async () => {
    const at = new Date("2026-11-21T11:00:00Z");
    expect((await takeHits([{ key: "test:full", max: 1, windowMinutes: 15 }], at)).ok).toBe(true);
    const both = [
      { key: "test:room", max: 5, windowMinutes: 15 },
      { key: "test:full", max: 1, windowMinutes: 15 },
    ];
    expect((await takeHits(both, at)).ok).toBe(false);
    expect(await countHits("test:room", at)).toBe(0);
  });

  it("gives hits back, and pruning drops only hits past their own window", async () => {
    const at = new Date("2026-11-21T12:00:00Z");
    const taken = await takeHits([{ key: "test:back", max: 1, windowMinutes: 15 }], at);
    if (!taken.ok) throw new Error("refused");
    await releaseHits(taken.ids);
    expect((await takeHits([{ key: "test:back", max: 1, windowMinutes: 15 }], at)).ok).toBe(true);
    await takeHits([{ key: "test:long", max: 9, windowMinutes: 60 }], at);
    await pruneRateLimitHits(db, new Date(at.getTime() + 20 * MIN));
    expect(await countHits("test:back", at)).toBe(0);
    expect(await countHits("test:long", at)).toBe(1);
  });

  it("50 parallel takes on a limit of 5: exactly 5 get through", async () => {
    const results = await parallel(50, () => takeHits([{ key: "test:parallel", max: 5, windowMinutes: 15 }]));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await countHits("test:parallel")).toBe(5);
  });
});

describe("player log-in limits", () => {
  it("50 parallel wrong passwords for one username from one address: exactly 5 password checks", async () => {
    await signedUpPlayer("par01");
    const { result, checks } = await countedChecks(() => parallel(50, () => authenticate("par01", "Wrong1234", "10.40.0.1")));
    expect(checks).toBe(MAX_FAILURES_PER_USER_AND_IP);
    expect(result.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(MAX_FAILURES_PER_USER_AND_IP);
    expect(result.filter((r) => !r.ok && r.reason === "rateLimited")).toHaveLength(50 - MAX_FAILURES_PER_USER_AND_IP);
    // The right password from that address is refused too, with the minutes to wait.
    expect(await authenticate("par01", "Secret123", "10.40.0.1")).toEqual({
      ok: false,
      reason: "rateLimited",
      retryAfterMinutes: LOGIN_WINDOW_MINUTES,
    });
  });

  it("an address's failures across usernames never refuse a right password from it: it only waits for its turn", async () => {
    await signedUpPlayer("cgnat01");
    const ip = "10.40.0.2";
    const fast = { addressStepMs: 20 };
    for (let i = 0; i < ADDRESS_SLOW_AFTER + 5; i++)
      expect(await authenticate(`spray${i}`, "Wrong1234", ip, fast)).toEqual({ ok: false, reason: "invalid" });
    expect(await countHits(loginKeys("player", "x", ip).ip)).toBe(ADDRESS_SLOW_AFTER + 5);
    expect((await authenticate("cgnat01", "Secret123", ip, fast)).ok).toBe(true);
    // Right passwords are not failures: the players sharing the address do not add to its count.
    expect(await countHits(loginKeys("player", "x", ip).ip)).toBe(ADDRESS_SLOW_AFTER + 5);
  });

  it("50 parallel log-ins from a slowed address take turns: each is checked, none refused, the right password logs in", async () => {
    await signedUpPlayer("cgnat02");
    const ip = "10.40.0.3";
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++) await authenticate(`queue${i}`, "Wrong1234", ip);
    const pace = { addressStepMs: 40, addressMaxWaitMs: 10_000 };
    const started = performance.now();
    const { result, checks } = await countedChecks(() =>
      parallel(50, (i) => (i === 25 ? authenticate("cgnat02", "Secret123", ip, pace) : authenticate(`queue${i}`, "Wrong1234", ip, pace))),
    );
    // One turn every 40 ms: the 50th began no sooner than 49 turns after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(49 * 40 - 20);
    expect(checks).toBe(50);
    expect(result.filter((r) => !r.ok && r.reason === "rateLimited")).toHaveLength(0);
    expect(result[25]!.ok).toBe(true);
    expect(result.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(49);
  });

  it("no attempt waits longer than the longest wait, however long the queue", async () => {
    const ip = "10.40.0.4";
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++) await authenticate(`long${i}`, "Wrong1234", ip);
    const started = performance.now();
    const gates = await parallel(20, (i) => beginLoginAttempt("player", `long${i}`, ip, { addressStepMs: 1_000, addressMaxWaitMs: 200 }));
    expect(gates.every((g) => g.ok)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("the per-account limit still holds at a slowed address under 50 parallel wrong passwords", async () => {
    await signedUpPlayer("cgnat03");
    const ip = "10.40.0.5";
    for (let i = 0; i < ADDRESS_SLOW_AFTER; i++) await authenticate(`acct${i}`, "Wrong1234", ip);
    const pace = { addressStepMs: 5 };
    const { result, checks } = await countedChecks(() => parallel(50, () => authenticate("cgnat03", "Wrong1234", ip, pace)));
    expect(checks).toBe(MAX_FAILURES_PER_USER_AND_IP);
    expect(result.filter((r) => !r.ok && r.reason === "rateLimited")).toHaveLength(50 - MAX_FAILURES_PER_USER_AND_IP);
    expect(await authenticate("cgnat03", "Secret123", ip, pace)).toEqual({
      ok: false,
      reason: "rateLimited",
      retryAfterMinutes: LOGIN_WINDOW_MINUTES,
    });
    expect((await authenticate("cgnat03", "Secret123", "10.40.0.6")).ok).toBe(true);
  });

  it("the time between an address's turns grows with its failures, up to a bound", () => {
    expect(addressStepMs(ADDRESS_SLOW_AFTER - 1)).toBe(0);
    expect(addressStepMs(ADDRESS_SLOW_AFTER)).toBe(ADDRESS_STEP_MS);
    expect(addressStepMs(2 * ADDRESS_SLOW_AFTER)).toBe(2 * ADDRESS_STEP_MS);
    expect(addressStepMs(3 * ADDRESS_SLOW_AFTER)).toBe(4 * ADDRESS_STEP_MS);
    expect(addressStepMs(100 * ADDRESS_SLOW_AFTER)).toBe(ADDRESS_MAX_STEP_MS);
  });

  it("wrong passwords from address A do not stop the owner logging in from address B", async () => {
    await signedUpPlayer("owner01");
    await parallel(50, () => authenticate("owner01", "Wrong1234", "10.41.0.1"));
    expect((await authenticate("owner01", "Secret123", "10.41.0.1")).ok).toBe(false);
    const fromB = await authenticate("owner01", "Secret123", "10.41.0.2");
    expect(fromB.ok).toBe(true);
  });

  it("a stranger on many addresses only slows the owner down, never locks them out", async () => {
    await signedUpPlayer("owner02");
    const addresses = 12;
    const spread = await parallel(addresses * 6, (i) => authenticate("owner02", "Wrong1234", `10.42.0.${i % addresses}`, { slowMs: 300 }));
    expect(spread.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(addresses * MAX_FAILURES_PER_USER_AND_IP);
    expect(await countHits(loginKeys("player", "owner02", "x").user)).toBeGreaterThanOrEqual(USERNAME_SLOW_AFTER);
    const started = performance.now();
    const owner = await authenticate("owner02", "Secret123", "10.42.1.1", { slowMs: 300 });
    expect(owner.ok).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("a success clears the (username, address) pair and never counts against the address", async () => {
    await signedUpPlayer("forgetful");
    const ip = "10.43.0.1";
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_IP - 1; i++) await authenticate("forgetful", "Wrong1234", ip);
    expect((await authenticate("forgetful", "Secret123", ip)).ok).toBe(true);
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_IP - 1; i++)
      expect(await authenticate("forgetful", "Wrong1234", ip)).toEqual({ ok: false, reason: "invalid" });
    expect((await authenticate("forgetful", "Secret123", ip)).ok).toBe(true);
    // Many players behind one carrier address: their successful log-ins never add up to its failures.
    const shared = "10.43.0.2";
    for (let i = 0; i < ADDRESS_SLOW_AFTER + 5; i++) expect((await authenticate("forgetful", "Secret123", shared)).ok).toBe(true);
    expect(await countHits(loginKeys("player", "forgetful", shared).ip)).toBe(0);
  });

  it("the window passes", async () => {
    await signedUpPlayer("patient");
    const t0 = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < MAX_FAILURES_PER_USER_AND_IP; i++) await authenticate("patient", "Wrong1234", "10.44.0.1", { now: t0 });
    expect(await authenticate("patient", "Secret123", "10.44.0.1", { now: new Date(t0.getTime() + 14 * MIN) })).toEqual({
      ok: false,
      reason: "rateLimited",
      retryAfterMinutes: 1,
    });
    expect((await authenticate("patient", "Secret123", "10.44.0.1", { now: new Date(t0.getTime() + LOGIN_WINDOW_MINUTES * MIN + 1000) })).ok).toBe(
      true,
    );
    await db.delete(rateLimitHits);
  });
});
