import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { db } from "#app/db/db.server.ts";
import {
  eventBusReady,
  type Notice,
  publish,
  publishBalanceChanged,
  stopEventBus,
  subscribeBalance,
  subscribeMarket,
  subscribePlayer,
  subscribeStaffChat,
} from "./bus.server.ts";

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

  it.runIf(Boolean(process.env.DATABASE_URL))("sends the players of many parallel publishes in a few NOTIFY statements, none lost", async () => {
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await watcher.connect();
    const notices: string[] = [];
    watcher.on("notification", (msg) => notices.push(msg.payload ?? ""));
    await watcher.query("listen balance_changed");
    const ids = Array.from({ length: 1_200 }, (_, i) => 900_000 + i);
    await Promise.all(ids.map((id) => publishBalanceChanged(id)));
    await waitFor(() => notices.flatMap((n) => n.split(":")[1]!.split(",")).length >= ids.length);
    await new Promise((r) => setTimeout(r, 200));
    await watcher.end();
    const heard = notices.flatMap((n) => n.split(":")[1]!.split(",").map(Number));
    expect(new Set(heard)).toEqual(new Set(ids));
    expect(heard).toHaveLength(ids.length);
    // The first publish goes out alone, the other 1,199 wait for it and leave together in chunks of 500.
    expect(notices.length).toBeLessThanOrEqual(4);
    expect(notices.every((n) => n.length < 8_000)).toBe(true);
  });

  it("one player subscription hears balance, inbox (own and everyone's) and chat notices; the staff console hears chat activity", async () => {
    const seen: Notice[] = [];
    let staff = 0;
    const off = subscribePlayer(77, (n) => seen.push(n));
    const offOther = subscribePlayer(78, () => {});
    const offStaff = subscribeStaffChat(() => staff++);
    await publishBalanceChanged(77);
    await publish({ kind: "inbox", playerId: 77 });
    await publish({ kind: "inbox", playerId: 78 });
    await publish({ kind: "inbox", playerId: "all" });
    await publish({ kind: "chat", playerId: 77 });
    await publish({ kind: "staffChat" });
    expect(seen).toEqual([
      { kind: "balance", playerId: 77 },
      { kind: "inbox", playerId: 77 },
      { kind: "inbox", playerId: "all" },
      { kind: "chat", playerId: 77 },
    ]);
    expect(staff).toBe(1);
    off();
    offOther();
    offStaff();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("carries inbox, broadcast, chat and staff notices from another instance", async () => {
    const seen: Notice[] = [];
    let staff = 0;
    const off = subscribePlayer(43, (n) => seen.push(n));
    const offStaff = subscribeStaffChat(() => staff++);
    await eventBusReady();
    await db.execute(sql`select pg_notify('balance_changed', ${"other-instance:43,i43,i*,c43,s,i44,bogus,c0"})`);
    await waitFor(() => seen.length === 4 && staff === 1);
    expect(seen).toEqual([
      { kind: "balance", playerId: 43 },
      { kind: "inbox", playerId: 43 },
      { kind: "inbox", playerId: "all" },
      { kind: "chat", playerId: 43 },
    ]);
    off();
    offStaff();
  });

  it("tells a market's subscribers, and only them, that it changed", async () => {
    const heard: number[] = [];
    const off = subscribeMarket(7, (id) => heard.push(id));
    await publish({ kind: "market", marketId: 7 });
    await publish({ kind: "market", marketId: 8 });
    await publish({ kind: "balance", playerId: 7 });
    expect(heard).toEqual([7]);
    off();
    await publish({ kind: "market", marketId: 7 });
    expect(heard).toEqual([7]);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("carries market notices from another instance", async () => {
    const heard: number[] = [];
    const off = subscribeMarket(45, (id) => heard.push(id));
    await eventBusReady();
    await db.execute(sql`select pg_notify('balance_changed', ${"other-instance:m45,m46,m0,mx"})`);
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([45]);
    off();
  });
});
