// The betting record: Asia/Dhaka day boundaries, the platform and type filters, paging and totals, and one
// round's details only for its own player (with the server seed only once it has been revealed).
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { createPlayer } from "#app/modules/payments/test-helpers.ts";
import { parseRecordFilter, recordQuery } from "./records-filter.ts";
import { getRound, listOpenRounds, listPlayerRounds, listRounds, listSettledRounds, roundTotals, verifyLink } from "./records.server.ts";
import { fairSeeds, gameProviders, gameRounds, games, gameWalletCalls } from "./schema.ts";

// 10:00 on 21 November 2026 in Dhaka; that Dhaka day began at 18:00 UTC on the 20th.
const NOW = new Date("2026-11-21T04:00:00Z");
const DHAKA_MIDNIGHT = new Date("2026-11-20T18:00:00Z");
const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

let player: { id: number };
let other: { id: number };
let house: { id: number };
let ka: { id: number };
let dice: { id: number };
let tiger: { id: number };
let seq = 0;

async function round(
  playerId: number,
  settledAt: Date | null,
  {
    provider = ka,
    game = tiger,
    platform = "KA",
    type = "SLOT",
    stake = 10_000n,
    payout = 0n,
    status = "settled" as "settled" | "open" | "rolled_back",
    fairness = null as Record<string, unknown> | null,
    createdAt = undefined as Date | undefined,
  } = {},
) {
  const code = platform === "HOUSE" ? "HOUSE-ARCADE-DICE" : "KA-SLOT-TIGER";
  const [row] = await db
    .insert(gameRounds)
    .values({
      providerId: provider.id,
      playerId,
      roundId: `r${++seq}`,
      gameId: game.id,
      gameCode: code,
      gameType: type,
      platform,
      currency: "BDT",
      stake,
      payout,
      status,
      settledAt,
      fairness,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  player = await createPlayer();
  other = await createPlayer();
  house = (await db.insert(gameProviders).values({ platform: "HOUSE", name: "DeshPlay Originals", kind: "house", sortOrder: 0 }).returning())[0]!;
  ka = (await db.insert(gameProviders).values({ platform: "KA", name: "KA Gaming", filterId: 96, sortOrder: 1 }).returning())[0]!;
  dice = (await db.insert(games).values({ code: "HOUSE-ARCADE-DICE", name: "Dice", type: "ARCADE", providerId: house.id }).returning())[0]!;
  tiger = (await db.insert(games).values({ code: "KA-SLOT-TIGER", name: "Golden Tiger", type: "SLOT", providerId: ka.id }).returning())[0]!;
});

describe("day filters (Asia/Dhaka)", () => {
  it("splits today and yesterday at Dhaka midnight and keeps last 7 days to seven Dhaka days", async () => {
    const p = await createPlayer();
    const atMidnight = await round(p.id, DHAKA_MIDNIGHT, { stake: 100n });
    const justBefore = await round(p.id, ms(DHAKA_MIDNIGHT, -1), { stake: 200n });
    const startOfWeek = await round(p.id, new Date("2026-11-14T18:00:00Z"), { stake: 300n });
    await round(p.id, new Date("2026-11-14T17:59:59.999Z"), { stake: 400n }); // eight Dhaka days ago
    await round(p.id, ms(NOW, 60_000), { stake: 500n, status: "open" }); // not settled: never listed

    const today = await listSettledRounds(p.id, { day: "today" }, NOW);
    expect(today.items.map((r) => r.id)).toEqual([atMidnight.id]);
    const yesterday = await listSettledRounds(p.id, { day: "yesterday" }, NOW);
    expect(yesterday.items.map((r) => r.id)).toEqual([justBefore.id]);
    const week = await listSettledRounds(p.id, { day: "last7" }, NOW);
    expect(week.items.map((r) => r.id)).toEqual([atMidnight.id, justBefore.id, startOfWeek.id]);
    expect(week.turnover).toBe(600n);
  });
});

describe("filters, paging and totals", () => {
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) await round(player.id, ms(NOW, -(i + 1) * 60_000), { stake: 1_000n, payout: i % 2 ? 2_500n : 0n });
    await round(player.id, ms(NOW, -30_000), {
      provider: house,
      game: dice,
      platform: "HOUSE",
      type: "ARCADE",
      stake: 5_000n,
      payout: 9_900n,
      fairness: { game: "dice", seedId: 0, serverSeedHash: "ab", clientSeed: "c", nonce: 3, roll: 1234, target: 5000, direction: "under" },
    });
    await round(other.id, ms(NOW, -10_000), { stake: 77_000n });
  });

  it("lists the player's own settled rounds, newest settlement first, with signed profit and totals", async () => {
    const page = await listSettledRounds(player.id, { day: "today", size: 10 }, NOW);
    expect(page.total).toBe(13);
    expect(page.pages).toBe(2);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toMatchObject({
      platform: "HOUSE",
      providerName: "DeshPlay Originals",
      gameType: "ARCADE",
      gameName: "Dice",
      stake: 5_000n,
      payout: 9_900n,
      profit: 4_900n,
    });
    expect(page.items[1]).toMatchObject({ profit: -1_000n, gameName: "Golden Tiger", providerName: "KA Gaming" });
    const times = page.items.map((r) => r.settledAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.turnover).toBe(17_000n);
    expect(page.profit).toBe(6n * 2_500n + 9_900n - 17_000n);
    const second = await listSettledRounds(player.id, { day: "today", size: 10, page: 2 }, NOW);
    expect(second.items).toHaveLength(3);
    expect(new Set([...page.items, ...second.items].map((r) => r.id)).size).toBe(13);
    // A page past the end shows the last one.
    expect((await listSettledRounds(player.id, { day: "today", size: 10, page: 9 }, NOW)).page).toBe(2);
  });

  it("filters by platform and by game type", async () => {
    const housePage = await listSettledRounds(player.id, { day: "today", platform: "HOUSE" }, NOW);
    expect(housePage.items.map((r) => r.platform)).toEqual(["HOUSE"]);
    const slots = await listSettledRounds(player.id, { day: "today", type: "SLOT", size: 25 }, NOW);
    expect(slots.total).toBe(12);
    expect(slots.items.every((r) => r.gameType === "SLOT")).toBe(true);
    expect((await listSettledRounds(player.id, { day: "today", platform: "HOUSE", type: "SLOT" }, NOW)).total).toBe(0);
  });

  it("reads the filter from a query with safe defaults", () => {
    expect(parseRecordFilter(new URLSearchParams("day=yesterday&platform=ka&type=slot&page=2&size=50"))).toEqual({
      day: "yesterday",
      platform: "KA",
      type: "SLOT",
      page: 2,
      size: 50,
    });
    expect(parseRecordFilter(new URLSearchParams("day=forever&platform=%27;drop&type=X&page=-1&size=7"))).toEqual({
      day: "today",
      platform: undefined,
      type: undefined,
      page: 1,
      size: 10,
    });
    expect(recordQuery({ day: "last7", platform: "KA", page: 3, size: 25 })).toBe("?day=last7&platform=KA&size=25&page=3");
  });
});

describe("unsettled rounds", () => {
  const open = (playerId: number, createdAt: Date, values: Parameters<typeof round>[2] = {}) =>
    round(playerId, null, { ...values, status: "open", createdAt });

  it("lists the player's open rounds newest first, never settled or rolled-back ones, until they settle", async () => {
    const p = await createPlayer();
    const older = await open(p.id, ms(NOW, -120_000), { stake: 2_000n });
    const newer = await open(p.id, ms(NOW, -60_000), { provider: house, game: dice, platform: "HOUSE", type: "ARCADE", stake: 5_000n });
    const settled = await round(p.id, ms(NOW, -30_000), { createdAt: ms(NOW, -90_000) });
    await round(p.id, null, { status: "rolled_back", createdAt: ms(NOW, -30_000) });

    const page = await listOpenRounds(p.id, { day: "today" }, NOW);
    expect(page.items.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(page.total).toBe(2);
    expect(page.stake).toBe(7_000n);
    expect(page.items[0]).toMatchObject({
      platform: "HOUSE",
      providerName: "DeshPlay Originals",
      gameType: "ARCADE",
      gameName: "Dice",
      stake: 5_000n,
      createdAt: ms(NOW, -60_000),
    });
    // The Settled tab never shows an open round.
    expect((await listSettledRounds(p.id, { day: "today" }, NOW)).items.map((r) => r.id)).toEqual([settled.id]);

    // Once the provider's win arrives the round moves from Unsettled to Settled.
    await db
      .update(gameRounds)
      .set({ status: "settled", payout: 4_000n, settledAt: ms(NOW, -1_000) })
      .where(eq(gameRounds.id, older.id));
    expect((await listOpenRounds(p.id, { day: "today" }, NOW)).items.map((r) => r.id)).toEqual([newer.id]);
    expect((await listSettledRounds(p.id, { day: "today" }, NOW)).items.map((r) => r.id)).toEqual([older.id, settled.id]);
  });

  it("never shows another player's open rounds", async () => {
    const p = await createPlayer();
    const q = await createPlayer();
    await open(q.id, ms(NOW, -60_000), { stake: 99_900n });
    expect((await listOpenRounds(p.id, { day: "today" }, NOW)).items).toEqual([]);
    expect((await listOpenRounds(q.id, { day: "today" }, NOW)).items.map((r) => r.stake)).toEqual([99_900n]);
  });

  it("filters by the Dhaka day it was placed, platform and game type, and pages", async () => {
    const p = await createPlayer();
    const today = await open(p.id, DHAKA_MIDNIGHT, { stake: 100n });
    const yesterday = await open(p.id, ms(DHAKA_MIDNIGHT, -1), { stake: 200n });
    const week = await open(p.id, new Date("2026-11-14T18:00:00Z"), { stake: 300n });
    await open(p.id, new Date("2026-11-14T17:59:59.999Z"), { stake: 400n }); // eight Dhaka days ago
    const arcade = await open(p.id, ms(NOW, -1_000), { provider: house, game: dice, platform: "HOUSE", type: "ARCADE" });

    expect((await listOpenRounds(p.id, { day: "today" }, NOW)).items.map((r) => r.id)).toEqual([arcade.id, today.id]);
    expect((await listOpenRounds(p.id, { day: "yesterday" }, NOW)).items.map((r) => r.id)).toEqual([yesterday.id]);
    expect((await listOpenRounds(p.id, { day: "last7" }, NOW)).items.map((r) => r.id)).toEqual([arcade.id, today.id, yesterday.id, week.id]);
    expect((await listOpenRounds(p.id, { day: "last7", platform: "HOUSE" }, NOW)).items.map((r) => r.id)).toEqual([arcade.id]);
    expect((await listOpenRounds(p.id, { day: "last7", type: "SLOT" }, NOW)).items.map((r) => r.id)).toEqual([today.id, yesterday.id, week.id]);
    expect((await listOpenRounds(p.id, { day: "last7", platform: "HOUSE", type: "SLOT" }, NOW)).total).toBe(0);
    const first = await listOpenRounds(p.id, { day: "last7", size: 10 }, NOW);
    expect(first).toMatchObject({ total: 4, pages: 1, page: 1 });
    for (let i = 0; i < 9; i++) await open(p.id, ms(NOW, -(i + 2) * 1_000));
    const second = await listOpenRounds(p.id, { day: "last7", size: 10, page: 2 }, NOW);
    expect(second).toMatchObject({ total: 13, pages: 2, page: 2 });
    expect(second.items.map((r) => r.id)).toEqual([today.id, yesterday.id, week.id]);
  });
});

describe("one round", () => {
  it("is visible to its own player only", async () => {
    const mine = await round(player.id, NOW);
    await db.insert(gameWalletCalls).values([
      {
        providerId: ka.id,
        txnId: `${mine.roundId}:bet`,
        action: "bet",
        playerId: player.id,
        roundId: mine.roundId,
        gameCode: mine.gameCode,
        amount: 10_000n,
        currency: "BDT",
        response: {},
      },
      {
        providerId: ka.id,
        txnId: `${mine.roundId}:win`,
        action: "win",
        playerId: player.id,
        roundId: mine.roundId,
        gameCode: mine.gameCode,
        amount: 0n,
        currency: "BDT",
        response: {},
      },
    ]);
    const details = await getRound(player.id, String(mine.id));
    expect(details).toMatchObject({ id: mine.id, providerName: "KA Gaming", stake: 10_000n, profit: -10_000n, status: "settled" });
    expect(details!.calls.map((c) => c.action)).toEqual(["bet", "win"]);
    expect(await getRound(other.id, String(mine.id))).toBeUndefined();
    expect(await getRound(player.id, "999999")).toBeUndefined();
    expect(await getRound(player.id, "1 or 1=1")).toBeUndefined();
  });

  it("shows a house round's server seed only once revealed, with a verifier link", async () => {
    const [active] = await db
      .insert(fairSeeds)
      .values({
        playerId: player.id,
        serverSeed: "secret-active",
        serverSeedHash: "h1",
        clientSeed: "mine",
        nonce: 1,
        nextServerSeed: "n",
        nextServerSeedHash: "hn",
      })
      .returning();
    const fairness = (seedId: number) => ({
      game: "dice",
      seedId,
      serverSeedHash: "h",
      clientSeed: "mine",
      nonce: 0,
      roll: 4200,
      target: 5000,
      direction: "under",
    });
    const hidden = await round(player.id, NOW, { provider: house, game: dice, platform: "HOUSE", type: "ARCADE", fairness: fairness(active!.id) });
    const d1 = await getRound(player.id, hidden.id);
    expect(d1!.serverSeed).toBeNull();
    expect(verifyLink(d1!.fairness, d1!.serverSeed)).toBeNull();

    const [revealed] = await db
      .insert(fairSeeds)
      .values({
        playerId: player.id,
        serverSeed: "secret-old",
        serverSeedHash: "h0",
        clientSeed: "mine",
        nonce: 5,
        active: false,
        revealedAt: new Date(),
      })
      .returning();
    const shown = await round(player.id, NOW, { provider: house, game: dice, platform: "HOUSE", type: "ARCADE", fairness: fairness(revealed!.id) });
    const d2 = await getRound(player.id, shown.id);
    expect(d2!.serverSeed).toBe("secret-old");
    expect(verifyLink(d2!.fairness, d2!.serverSeed)).toBe("/fair?game=dice&serverSeed=secret-old&clientSeed=mine&nonce=0&algorithm=1#verifier");

    // Another player's revealed seed named in a round's fairness is never shown.
    const [foreign] = await db
      .insert(fairSeeds)
      .values({ playerId: other.id, serverSeed: "not-yours", serverSeedHash: "hx", clientSeed: "x", active: false, revealedAt: new Date() })
      .returning();
    const forged = await round(player.id, NOW, { provider: house, game: dice, platform: "HOUSE", type: "ARCADE", fairness: fairness(foreign!.id) });
    expect((await getRound(player.id, forged.id))!.serverSeed).toBeNull();
  });
});

describe("the back office's site-wide list (listRounds, roundTotals)", () => {
  // A Dhaka day of its own (1 March 2026 began at 18:00 UTC on 28 February), far from the other tests' rows.
  const DAY_START = new Date("2026-02-28T18:00:00Z");
  const DAY_END = new Date("2026-03-01T18:00:00Z");
  let a: { id: number };
  let b: { id: number };
  let rows: Record<string, { id: number }>;

  beforeAll(async () => {
    a = await createPlayer();
    b = await createPlayer();
    rows = {
      // Placed one millisecond before the Dhaka midnight: the day before.
      before: await round(a.id, ms(DAY_START, 5_000), { createdAt: ms(DAY_START, -1), stake: 1_000n, payout: 0n }),
      atMidnight: await round(a.id, ms(DAY_START, 1_000), { createdAt: DAY_START, stake: 2_000n, payout: 5_000n }),
      open: await round(a.id, null, { createdAt: ms(DAY_START, 60_000), stake: 3_000n, status: "open" }),
      house: await round(b.id, ms(DAY_START, 120_000), {
        createdAt: ms(DAY_START, 100_000),
        provider: house,
        game: dice,
        platform: "HOUSE",
        type: "ARCADE",
        stake: 10_000n,
        payout: 4_000n,
      }),
      lastMs: await round(b.id, ms(DAY_END, -1), { createdAt: ms(DAY_END, -1), stake: 500n, payout: 0n }),
      next: await round(b.id, DAY_END, { createdAt: DAY_END, stake: 700n }),
    };
  });

  const day = { start: DAY_START, end: DAY_END };
  const ids = (list: { id: number }[]) => list.map((r) => r.id);

  it("lists everyone's rounds of the Dhaka day, newest first, the midnight row in and the one a millisecond before out", async () => {
    const list = await listRounds(day);
    expect(ids(list)).toEqual([rows.lastMs!.id, rows.house!.id, rows.open!.id, rows.atMidnight!.id]);
    expect(list[1]).toMatchObject({
      playerId: b.id,
      providerName: "DeshPlay Originals",
      gameName: "Dice",
      status: "settled",
      stake: 10_000n,
      payout: 4_000n,
    });
    expect(list[1]!.username).toMatch(/\w/);
  });

  it("totals what the filter shows: rounds, stakes, wins and GGR of the settled rounds", async () => {
    expect(await roundTotals(day)).toEqual({
      count: 4,
      stake: 15_500n,
      payout: 9_000n,
      ggr: 2_000n + 10_000n + 500n - 5_000n - 4_000n,
      capped: false,
    });
  });

  it("filters by player, provider, game, status and stake, and never shows another player's rows for a player", async () => {
    expect(ids(await listRounds({ ...day, playerId: a.id }))).toEqual([rows.open!.id, rows.atMidnight!.id]);
    expect((await listRounds({ playerId: a.id })).every((r) => r.playerId === a.id)).toBe(true);
    expect(ids(await listRounds({ ...day, platform: "HOUSE" }))).toEqual([rows.house!.id]);
    expect(ids(await listRounds({ ...day, gameCode: "KA-SLOT-TIGER", status: "settled" }))).toEqual([rows.lastMs!.id, rows.atMidnight!.id]);
    expect(ids(await listRounds({ ...day, minStake: 2_000n, maxStake: 3_000n }))).toEqual([rows.open!.id, rows.atMidnight!.id]);
    expect(await roundTotals({ ...day, playerId: b.id, status: "settled" })).toEqual({
      count: 2,
      stake: 10_500n,
      payout: 4_000n,
      ggr: 6_500n,
      capped: false,
    });
  });

  it("pages by id (keyset), and the player 360's reader is the same list with its player", async () => {
    const first = await listRounds(day, { limit: 3 });
    const rest = await listRounds(day, { before: first.at(-1)!.id, limit: 3 });
    expect([...ids(first), ...ids(rest)]).toEqual(ids(await listRounds(day)));
    expect(await listPlayerRounds(a.id)).toEqual(await listRounds({ playerId: a.id }));
  });
});
