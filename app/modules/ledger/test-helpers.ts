// Shared by the ledger tests (not a test file itself).
import pg from "pg";
import { expect } from "vitest";
import { db } from "#app/db/db.server.ts";
import { LedgerError, type LedgerErrorCode } from "./errors.ts";
import { checkLedgerInvariants } from "./invariants.server.ts";

/** A bare player row: the ledger only needs the id and currency. */
export { createTestPlayer } from "#tests/kit/players.ts";

export async function expectLedgerError(promise: Promise<unknown>, code: LedgerErrorCode) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected LedgerError ${code}`).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
  return error as LedgerError;
}

export async function expectInvariants() {
  const report = await checkLedgerInvariants();
  expect(report.results.filter((r) => !r.ok)).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}

/** Deterministic PRNG (mulberry32) so a failing random run can be replayed from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * node-postgres only: closes the pool's idle connections and waits until they are really closed. The shared
 * teardown ends the pool and then drops the database WITH (FORCE); pool.end() resolves before its sockets close,
 * so after a test that opened many connections the drop can kill one mid-close (an unhandled 57P01 error).
 */
export async function closeIdleConnections() {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once("end", () => resolve());
          c.release(true);
        }),
    ),
  );
}
