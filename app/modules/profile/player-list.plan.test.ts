// The player list at 50,000 players: the default page (newest registered first), the other sorts on indexed columns,
// a registration range and a tag are each served by an index (no sequential scan of players), and each page answers
// in well under a second. Prints the plans and timings (the README's figures come from the PostgreSQL run).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { createStaff } from "#tests/kit/index.ts";
import { addPlayerTag } from "#app/modules/staff/player-notes.server.ts";
import { listPlayers, playerListSql } from "./player-list.server.ts";
import { playerListSchema } from "./player-list.ts";

const N = 50_000;
const run = Date.now().toString(36);

beforeAll(async () => {
  await db.execute(sql`
    insert into players (username, password_hash, phone, email, referral_code, created_at, last_login_at)
    select 'bulk' || ${run} || g, 'x', '019' || lpad(g::text, 8, '0'), 'bulk' || ${run} || g || '@example.com', 'B' || ${run} || g,
      now() - (g || ' minutes')::interval, case when g % 3 = 0 then null else now() - (g || ' seconds')::interval end
    from generate_series(1, ${N}) g`);
  const staff = await createStaff();
  const [one] = rowsOf<{ id: number }>(await db.execute(sql`select id from players where username = ${`bulk${run}777`}`));
  await addPlayerTag({ staffId: staff.id, ip: null }, one!.id, "plan-check");
  await db.execute(sql`analyze players`);
  await db.execute(sql`analyze player_tags`);
}, 120_000);

async function plan(query: Record<string, string>) {
  const text = rowsOf<Record<string, string>>(await db.execute(sql`explain ${await playerListSql(playerListSchema.parse(query))}`))
    .map((r) => Object.values(r)[0])
    .join("\n");
  return text;
}

async function timed(query: Record<string, string>) {
  const started = performance.now();
  const page = await listPlayers(playerListSchema.parse(query));
  return { ms: Math.round(performance.now() - started), page };
}

describe(`the player list at ${N} players`, () => {
  it.each([
    ["newest registered", {}, "players_created_at_idx"],
    ["oldest registered", { sort: "registered", dir: "asc" }, "players_created_at_idx"],
    ["last active", { sort: "active" }, "players_last_login_idx"],
    ["username", { sort: "username", dir: "asc" }, "players_username_lower_idx"],
    ["registered between", { from: "2026-01-01", to: "2026-12-31" }, "players_created_at_idx"],
    // A few tagged players: the planner reads the tag table and fetches each player by its key.
    ["a tag", { tag: "plan-check" }, "players_pkey"],
  ])("%s: served by an index", async (_label, query, index) => {
    const text = await plan(query);
    console.info(`${_label}\n${text}`);
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on players/);
    const { ms, page } = await timed(query);
    console.info(`${_label}: ${ms} ms, ${page.total} players`);
    expect(page.rows.length).toBeGreaterThan(0);
  });

  // The search (ILIKE '%…%' on username, e-mail and phone; a phone's digits; an id) reads the trigram index, and finds
  // exactly the players a direct scan with the same conditions finds.
  it.each([
    ["a username fragment", () => `${run}4242`],
    ["an e-mail fragment", () => `${run}777@exa`],
    ["a phone fragment", () => "0190001234"],
    ["a phone's digits with +880", () => "+880 190001234"],
    ["digits that are also an id", () => "12345"],
  ])("search by %s: served by the trigram index, same players as a scan", async (_label, q) => {
    const query = { q: q() };
    const text = await plan(query);
    console.info(`search ${_label}\n${text}`);
    expect(text).toContain("players_search_trgm_idx");
    expect(text).not.toMatch(/Seq Scan on players/);
    const { ms, page } = await timed(query);
    console.info(`search ${_label}: ${ms} ms, ${page.total} players`);
    const like = `%${query.q}%`;
    const digits = query.q.replace(/\D/g, "").replace(/^880/, "").replace(/^0+/, "");
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : 0;
    const [direct] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from players p where p.username ilike ${like} or p.email ilike ${like}
        or p.phone ilike ${like} or p.phone like ${`%${digits}%`} or p.id = ${id}`),
    );
    expect(page.total).toBe(direct!.n);
    expect(page.total).toBeGreaterThan(0);
  });

  it("sorts by balance and filters by balance with one pass over players and accounts", async () => {
    const text = await plan({ sort: "balance" });
    console.info(`balance\n${text}`);
    expect(text).toContain("ledger_accounts");
    const { ms } = await timed({ sort: "balance" });
    const ranged = await timed({ min: "1", max: "100" });
    console.info(`balance sort: ${ms} ms; balance range: ${ranged.ms} ms`);
  });
});
