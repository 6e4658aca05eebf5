// The back office's player list on the real database (PGlite, and PostgreSQL with DATABASE_URL): each filter narrows
// to the players it names, each sort orders by its column both ways, pages do not overlap, and a bad query string is
// a message per field. Every scenario tags its players so the other tests' players never count.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { dhakaDayStart } from "#app/kernel/dhaka-time.ts";
import { players } from "#app/modules/players/schema.ts";
import { raiseSignal } from "#app/modules/risk/signals.server.ts";
import { addPlayerTag } from "#app/modules/staff/player-notes.server.ts";
import { listLevels } from "#app/modules/vip/levels.server.ts";
import { ensureVipDefaults } from "#app/modules/vip/vip.server.ts";
import { createPlayer, createStaff, fund, taka } from "#tests/kit/index.ts";
import { listPlayers, playerExportPage } from "./player-list.server.ts";
import { playerListInput, playerListSchema, type PlayerListQuery } from "./player-list.ts";

let n = 0;
/** Five players tagged with a tag of their own: balances, registration days, last log-ins, status, country differ. */
async function scenario() {
  const staff = await createStaff();
  const tag = `set${++n}x${Date.now().toString(36)}`;
  const made: { id: number; name: string }[] = [];
  const specs = [
    { name: "alpha", balance: taka(50), created: "2026-01-10", login: 2, status: "active", code: "880" },
    { name: "bravo", balance: taka(1500), created: "2026-02-10", login: 40, status: "active", code: "880" },
    { name: "charlie", balance: 0n, created: "2026-03-10", login: null, status: "blocked", code: "91" },
    { name: "delta", balance: taka(250.5), created: "2026-04-10", login: 10, status: "active", code: "880" },
    { name: "echo", balance: taka(99999), created: "2026-05-10", login: 100, status: "active", code: "880" },
  ] as const;
  const now = new Date("2026-11-28T06:00:00Z");
  for (const s of specs) {
    const p = await createPlayer();
    const username = `${s.name}${tag}`.slice(0, 30);
    await db
      .update(players)
      .set({
        username,
        status: s.status,
        callingCode: s.code,
        currency: s.code === "91" ? "INR" : "BDT",
        createdAt: dhakaDayStart(s.created),
        lastLoginAt: s.login === null ? null : new Date(now.getTime() - s.login * 86_400_000 + 60_000),
      })
      .where(eq(players.id, p.id));
    if (s.balance > 0n) await fund(p.id, s.balance);
    await addPlayerTag({ staffId: staff.id, ip: null }, p.id, tag);
    made.push({ id: p.id, name: s.name });
  }
  const ids = Object.fromEntries(made.map((m) => [m.name, m.id])) as Record<(typeof specs)[number]["name"], number>;
  const names = (rows: { id: number }[]) => rows.map((r) => made.find((m) => m.id === r.id)!.name);
  const list = async (q: Record<string, string>) => {
    const parsed = playerListSchema.safeParse({ tag, ...q });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return listPlayers(parsed.data, now);
  };
  return { tag, ids, names, list, staff, now };
}

describe("player list filters", () => {
  it("narrows by status, registration days, activity, balance, jurisdiction, risk signal and tag", async () => {
    const { ids, names, list } = await scenario();
    const sorted = async (q: Record<string, string>) => names((await list({ sort: "username", dir: "asc", ...q })).rows);
    expect(await sorted({})).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
    expect(await sorted({ status: "blocked" })).toEqual(["charlie"]);
    expect(await sorted({ status: "active" })).toEqual(["alpha", "bravo", "delta", "echo"]);
    expect(await sorted({ from: "2026-02-10", to: "2026-04-10" })).toEqual(["bravo", "charlie", "delta"]);
    expect(await sorted({ from: "2026-04-11" })).toEqual(["echo"]);
    expect(await sorted({ active: "7" })).toEqual(["alpha"]);
    expect(await sorted({ active: "30" })).toEqual(["alpha", "delta"]);
    expect(await sorted({ idle: "30" })).toEqual(["bravo", "charlie", "echo"]);
    expect(await sorted({ min: "250.50" })).toEqual(["bravo", "delta", "echo"]);
    expect(await sorted({ min: "1", max: "1,500" })).toEqual(["alpha", "bravo", "delta"]);
    expect(await sorted({ max: "0" })).toEqual(["charlie"]);
    expect(await sorted({ country: "IN" })).toEqual(["charlie"]);
    expect(await sorted({ country: "BD" })).toEqual(["alpha", "bravo", "delta", "echo"]);
    await raiseSignal(db, { playerId: ids.bravo, kind: "shared_phone", fingerprint: `t:${ids.bravo}`, evidence: {} });
    expect(await sorted({ risk: "open" })).toEqual(["bravo"]);
    expect(await sorted({ q: "charlie" })).toEqual(["charlie"]);
    expect(await sorted({ q: `#${ids.echo}` })).toEqual(["echo"]);
    expect(await sorted({ status: "active", min: "100", active: "30" })).toEqual(["delta"]);
  });

  it("narrows by VIP level from the players' experience", async () => {
    const { ids, names, list } = await scenario();
    await ensureVipDefaults();
    const levels = await listLevels();
    expect(levels.length).toBeGreaterThan(1);
    const second = levels[1]!;
    await db.execute(sql`insert into vip_accounts (player_id, experience) values (${ids.bravo}, ${(second.experience * 100n).toString()}::bigint)`);
    expect(names((await list({ vip: String(second.id) })).rows)).toEqual(["bravo"]);
    expect(names((await list({ vip: String(levels[0]!.id), sort: "username", dir: "asc" })).rows)).toEqual(["alpha", "charlie", "delta", "echo"]);
    expect((await list({ vip: "999999" })).rows).toEqual([]);
    const row = (await list({ vip: String(second.id) })).rows[0]!;
    expect(row.vipLevel).toBe(second.name);
  });

  it("sorts by registration, last activity, balance and username, both ways", async () => {
    const { names, list } = await scenario();
    const order = async (sort: string, dir: string) => names((await list({ sort, dir })).rows);
    expect(await order("registered", "desc")).toEqual(["echo", "delta", "charlie", "bravo", "alpha"]);
    expect(await order("registered", "asc")).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
    expect(await order("active", "desc")).toEqual(["alpha", "delta", "bravo", "echo", "charlie"]);
    expect(await order("active", "asc")).toEqual(["charlie", "echo", "bravo", "delta", "alpha"]);
    expect(await order("balance", "desc")).toEqual(["echo", "bravo", "delta", "alpha", "charlie"]);
    expect(await order("balance", "asc")).toEqual(["charlie", "alpha", "delta", "bravo", "echo"]);
    expect(await order("username", "desc")).toEqual(["echo", "delta", "charlie", "bravo", "alpha"]);
    const first = (await list({ sort: "balance", dir: "desc" })).rows[0]!;
    expect(first.balance).toBe(taka(99999));
  });

  it("exports the filtered rows in id order, one keyset page after another", async () => {
    const { ids, tag } = await scenario();
    const f = playerListSchema.parse({ tag, status: "active" }) as PlayerListQuery;
    const first = await playerExportPage(f, undefined, 2, db);
    const second = await playerExportPage(f, first.at(-1)!.id, 2, db);
    const third = await playerExportPage(f, second.at(-1)!.id, 2, db);
    expect([...first, ...second, ...third].map((r) => r.id)).toEqual([ids.alpha, ids.bravo, ids.delta, ids.echo]);
  });

  it("answers a bad query string with a message per field, never a throw", () => {
    const bad = new URLSearchParams(
      "q=ab&status=gone&vip=-1&from=2026-13-01&to=x&active=5&min=-3&max=1.234&country=US&risk=1&tag=%3Dcmd&sort=balance;drop&dir=up&page=0",
    );
    const parsed = playerListSchema.safeParse(playerListInput(bad));
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error!.issues.map((i) => String(i.path[0])));
    for (const f of ["q", "status", "vip", "from", "to", "active", "min", "max", "country", "risk", "tag", "sort", "dir", "page"])
      expect(fields).toContain(f);
    const order = playerListSchema.safeParse({ from: "2026-05-01", to: "2026-04-01", min: "10", max: "5" });
    expect(order.error!.issues.map((i) => i.message).sort()).toEqual(["adminPlayers.errors.amountOrder", "adminPlayers.errors.dayOrder"]);
    expect(playerListSchema.parse(playerListInput(new URLSearchParams("")))).toEqual({});
  });
});
