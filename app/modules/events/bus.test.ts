import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { eventBusReady, publishBalanceChanged, stopEventBus, subscribeBalance } from "./bus.server.ts";

afterAll(stopEventBus);

const waitFor = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("balance events", () => {
  it("calls the subscribers of that player only, until they unsubscribe", async () => {
    const seen: number[] = [];
    const other: number[] = [];
    const off = subscribeBalance(7, (id) => seen.push(id));
    const offOther = subscribeBalance(8, (id) => other.push(id));
    await publishBalanceChanged(7);
    expect(seen).toEqual([7]);
    expect(other).toEqual([]);
    off();
    await publishBalanceChanged(7);
    expect(seen).toEqual([7]);
    offOther();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("hears other instances through LISTEN/NOTIFY, and its own notices only once", async () => {
    const seen: number[] = [];
    const off = subscribeBalance(42, (id) => seen.push(id));
    await eventBusReady();
    // Another instance publishes: a NOTIFY with a different instance id.
    await db.execute(sql`select pg_notify('balance_changed', ${"other-instance:42"})`);
    await waitFor(() => seen.length === 1);
    await publishBalanceChanged(42);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([42, 42]);
    off();
  });
});
