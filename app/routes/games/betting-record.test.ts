// /betting-record, /betting-record/:id and /api/betting-record called the way React Router calls them (language and
// session middleware first): the login gate, the filter from the query, another player's round as a 404, and the
// API's fields, bearer auth and refusals.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { gameProviders, gameRounds, games } from "#app/modules/games/schema.ts";
import { createPlayer, createSite } from "#app/modules/payments/test-helpers.ts";
import * as api from "#app/routes/api/betting-record.ts";
import * as details from "./betting-record-details.tsx";
import * as page from "./betting-record.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";

let player: { id: number };
let other: { id: number };
let mine: { token: string; cookie: string };
let theirs: { token: string; cookie: string };
let otherRoundId: number;
let myRoundId: number;

beforeAll(async () => {
  await createSite();
  player = await createPlayer();
  other = await createPlayer();
  [mine, theirs] = await Promise.all([sessionFor(player), sessionFor(other)]);
  const [ka] = await db.insert(gameProviders).values({ platform: "KA", name: "KA Gaming", sortOrder: 1 }).returning();
  const [house] = await db.insert(gameProviders).values({ platform: "HOUSE", name: "DeshPlay Originals", kind: "house" }).returning();
  const [tiger] = await db.insert(games).values({ code: "KA-SLOT-TIGER", name: "Golden Tiger", type: "SLOT", providerId: ka!.id }).returning();
  const [dice] = await db.insert(games).values({ code: "HOUSE-ARCADE-DICE", name: "Dice", type: "ARCADE", providerId: house!.id }).returning();
  const now = Date.now();
  const rows = await db
    .insert(gameRounds)
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        providerId: ka!.id,
        playerId: player.id,
        roundId: `k${i}`,
        gameId: tiger!.id,
        gameCode: "KA-SLOT-TIGER",
        gameType: "SLOT",
        platform: "KA",
        currency: "BDT",
        stake: 10_000n,
        payout: i === 0 ? 25_050n : 0n,
        status: "settled" as const,
        settledAt: new Date(now - i * 1000),
      })),
      {
        providerId: house!.id,
        playerId: player.id,
        roundId: "d1",
        gameId: dice!.id,
        gameCode: "HOUSE-ARCADE-DICE",
        gameType: "ARCADE",
        platform: "HOUSE",
        currency: "BDT",
        stake: 5_000n,
        payout: 0n,
        status: "settled" as const,
        settledAt: new Date(now - 60_000),
        fairness: {
          game: "dice",
          seedId: 0,
          serverSeedHash: "f".repeat(64),
          clientSeed: "lucky",
          nonce: 4,
          roll: 7321,
          target: 5000,
          direction: "under",
        },
      },
      {
        providerId: ka!.id,
        playerId: other.id,
        roundId: "o1",
        gameId: tiger!.id,
        gameCode: "KA-SLOT-TIGER",
        gameType: "SLOT",
        platform: "KA",
        currency: "BDT",
        stake: 99_900n,
        status: "settled" as const,
        settledAt: new Date(now),
      },
    ])
    .returning({ id: gameRounds.id, playerId: gameRounds.playerId, roundId: gameRounds.roundId });
  otherRoundId = rows.find((r) => r.playerId === other.id)!.id;
  myRoundId = rows.find((r) => r.roundId === "d1")!.id;
});

type PageData = {
  rows: Array<{ id: number; platform: string; gameType: string; turnover: string; profit: string; settledAt: string }>;
  totals: { count: number; turnover: string; profit: string };
  pages: number;
  filter: { size: number; platform?: string };
  platforms: Array<{ value: string }>;
};

describe("/betting-record", () => {
  it("sends a guest to log in and back", async () => {
    const out = await call(page, "/betting-record?day=yesterday");
    expect(out.status).toBe(302);
    expect(out.response!.headers.get("location")).toBe("/login?redirectTo=%2Fbetting-record%3Fday%3Dyesterday");
  });

  it("shows today's settled bets, 10 a page by default, with totals and the platforms", async () => {
    const out = await call(page, "/betting-record", { cookie: mine.cookie });
    const d = out.data as PageData;
    expect(d.rows).toHaveLength(10);
    expect(d.pages).toBe(2);
    expect(d.totals).toEqual({ count: 13, turnover: "1,250.00", profit: "\u2212999.50" });
    expect(d.rows[0]).toMatchObject({ platform: "KA Gaming", gameType: "Slot", turnover: "100.00", profit: "150.50" });
    expect(d.rows[0]!.settledAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.platforms.map((p) => p.value)).toEqual(["HOUSE", "KA"]);
  });

  it("filters by platform and page size from a plain GET form", async () => {
    const d = (await call(page, "/betting-record?day=today&platform=HOUSE&type=&size=25", { cookie: mine.cookie })).data as PageData;
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]).toMatchObject({ platform: "DeshPlay Originals", gameType: "Arcade", profit: "\u221250.00" });
    expect(d.filter).toMatchObject({ size: 25, platform: "HOUSE" });
    expect(((await call(page, "/betting-record?day=yesterday", { cookie: mine.cookie })).data as PageData).rows).toEqual([]);
  });
});

describe("/betting-record/:id", () => {
  it("shows the player's own round with its fairness data", async () => {
    const out = await call(details, `/betting-record/${myRoundId}`, { cookie: mine.cookie, params: { id: String(myRoundId) } });
    expect(out.status).toBe(200);
    const d = out.data as {
      round: { game: string; stake: string; profit: string };
      fairness: {
        serverSeedHash: string;
        clientSeed: string;
        nonce: string;
        serverSeed: null;
        result: { key: string; params: Record<string, string> };
      };
    };
    expect(d.round).toMatchObject({ game: "Dice", stake: "50.00", profit: "\u221250.00", cappedAt: null });
    expect(d.fairness).toMatchObject({
      serverSeedHash: "f".repeat(64),
      clientSeed: "lucky",
      nonce: "4",
      serverSeed: null,
      result: { key: "roll", params: { roll: "73.21", direction: "under", target: "50.00" } },
    });
  });

  it("says when a payout was held to the game's max win", async () => {
    const [row] = await db.select({ fairness: gameRounds.fairness }).from(gameRounds).where(eq(gameRounds.id, myRoundId));
    await db
      .update(gameRounds)
      .set({ fairness: { ...(row!.fairness as object), capped: true, maxWin: "100000000" } })
      .where(eq(gameRounds.id, myRoundId));
    try {
      const out = await call(details, `/betting-record/${myRoundId}`, { cookie: mine.cookie, params: { id: String(myRoundId) } });
      expect((out.data as { round: { cappedAt: string | null } }).round.cappedAt).toBe("1,000,000.00");
    } finally {
      await db.update(gameRounds).set({ fairness: row!.fairness }).where(eq(gameRounds.id, myRoundId));
    }
  });

  it("is a 404 for another player's round, an unknown id and a malformed one", async () => {
    for (const id of [String(otherRoundId), "987654", "abc"]) {
      const out = await call(details, `/betting-record/${id}`, { cookie: mine.cookie, params: { id } });
      expect(out.status).toBe(404);
    }
    expect((await call(details, `/betting-record/${otherRoundId}`, { cookie: theirs.cookie, params: { id: String(otherRoundId) } })).status).toBe(
      200,
    );
  });
});

describe("GET /api/betting-record", () => {
  it("needs a bearer token", async () => {
    const out = await call(api, "/api/betting-record");
    expect(out.status).toBe(401);
  });

  it("lists the spec's fields for the token's own player with paging headers", async () => {
    const out = await call(api, "/api/betting-record?day=today&size=25", { token: mine.token });
    expect(out.status).toBe(200);
    const list = (await out.response!.json()) as Array<Record<string, unknown>>;
    expect(list).toHaveLength(13);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      platform: "KA",
      game_type: "SLOT",
      game_code: "KA-SLOT-TIGER",
      bet_amount: "100.00",
      winAmount: "250.50",
      profit: "150.50",
      created_at: expect.stringMatching(/Z$/),
    });
    expect(out.response!.headers.get("x-total-count")).toBe("13");
    expect(out.response!.headers.get("cache-control")).toBe("no-store");
    const theirsList = (await (await call(api, "/api/betting-record", { token: theirs.token })).response!.json()) as Array<{ bet_amount: string }>;
    expect(theirsList.map((r) => r.bet_amount)).toEqual(["999.00"]);
  });

  it("filters by type and pages", async () => {
    const arcade = (await (await call(api, "/api/betting-record?type=ARCADE", { token: mine.token })).response!.json()) as unknown[];
    expect(arcade).toHaveLength(1);
    const second = await call(api, "/api/betting-record?page=2", { token: mine.token });
    expect(((await second.response!.json()) as unknown[]).length).toBe(3);
    expect(second.response!.headers.get("x-page")).toBe("2");
  });

  it("refuses bad filters with a 400 and a message", async () => {
    for (const q of ["day=tomorrow", "type=BINGO", "size=7", "page=-1", "platform=%3Cscript%3E"]) {
      const out = await call(api, `/api/betting-record?${q}`, { token: mine.token });
      expect(out.status).toBe(400);
      expect(((await out.response!.json()) as { message: string }).message).toMatch(/must be/);
    }
  });
});
