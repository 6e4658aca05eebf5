// /bet/:id called the way React Router calls it (root middleware first) and rendered without JavaScript: a guest sees
// a Dice round with the name masked and a link preview (og: meta); the page goes by the round's signed id, so a bare id,
// a wrong tag, a neighbour's id, a provider's round and malformed ids are 404s; the betting record's details link to
// the page (signed) for our own games only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { playDice } from "#app/modules/games/house/dice/dice.server.ts";
import { rotateSeed } from "#app/modules/games/house/registry.server.ts";
import { ensureHouseGames, fundedPlayer, serverSeedOf } from "#app/modules/games/house/test-helpers.ts";
import { gameProviders, gameRounds } from "#app/modules/games/schema.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { betPageId } from "#app/modules/games/bet-link.server.ts";
import { renderRoute } from "#tests/support/render-route.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";
import { and, eq } from "drizzle-orm";
import * as bet from "./bet.tsx";
import * as details from "./betting-record-details.tsx";

type Data = Awaited<ReturnType<typeof bet.loader>>;

let player: Awaited<ReturnType<typeof fundedPlayer>>;
let cookie: string;
let diceId: number;
let providerRoundId: number;
let seedId: number;

beforeAll(async () => {
  await ensureHouseGames();
  player = await fundedPlayer(100_000n);
  cookie = (await sessionFor(player)).cookie;
  const rolled = await playDice(player.id, { stake: 1_000n, target: 5000, direction: "under" });
  seedId = rolled.seedId;
  const [row] = await db
    .select({ id: gameRounds.id })
    .from(gameRounds)
    .where(and(eq(gameRounds.playerId, player.id), eq(gameRounds.roundId, rolled.roundId)));
  diceId = row!.id;
  const [ka] = await db.insert(gameProviders).values({ platform: "BTKA", name: "KA Gaming" }).returning();
  const [provider] = await db
    .insert(gameRounds)
    .values({
      providerId: ka!.id,
      playerId: player.id,
      roundId: "slot-1",
      gameCode: "KA-SLOT-TIGER",
      gameType: "SLOT",
      platform: "BTKA",
      currency: "BDT",
      stake: 1_000n,
      payout: 0n,
      status: "settled",
      settledAt: new Date(),
      fairness: { game: "dice", clientSeed: "x", nonce: 1 },
    })
    .returning();
  providerRoundId = provider!.id;
});
afterAll(closeIdleConnections);

const get = (id: string, init: { cookie?: string; lng?: string } = {}) =>
  call(bet, `/bet/${encodeURIComponent(id)}`, { params: { id }, cookie: init.cookie, headers: init.lng ? { "accept-language": init.lng } : {} });

describe("/bet/:id", () => {
  it("shows a guest the round with the name masked, and a link preview of the bet", async () => {
    const out = await get(betPageId(diceId));
    expect(out.status).toBe(200);
    const d = out.data as Data;
    expect(d.bet).toMatchObject({ id: diceId, gameId: "dice", stake: "10.00", status: "settled" });
    expect(d.bet.player).toBe(`${player.username.slice(0, 2)}***${player.username.slice(-1)}`);
    expect(JSON.stringify(d)).not.toContain(player.username);
    expect(JSON.stringify(d)).not.toContain(await serverSeedOf(seedId));
    expect(d.title).toBe(`Dice bet #${diceId}`);
    expect(d.description).toBe(`${d.bet.player} staked ৳10.00 on Dice: ${d.bet.multiplier}× paid ৳${d.bet.payout}.`);
    const meta = bet.meta({ loaderData: d } as never);
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: d.title },
        { property: "og:title", content: d.title },
        { property: "og:description", content: d.description },
        { name: "description", content: d.description },
      ]),
    );
  });

  it("renders without JavaScript in English and Bangla: the seed hidden until rotated, then a verify link", async () => {
    for (const [lng, status, hidden] of [
      ["en", "Settled", "Hidden until the player rotates this seed pair."],
      ["bn", "নিষ্পন্ন", "খেলোয়াড় এই সিড জোড়া বদলানো পর্যন্ত লুকানো থাকবে।"],
    ] as const) {
      const out = await get(betPageId(diceId), { lng });
      const html = await renderRoute(lng, `/bet/${betPageId(diceId)}`, bet.default, out.data);
      expect(html).toContain('data-testid="bet-page"');
      expect(html).toContain(status);
      expect(html).toContain(hidden);
      expect(html).toContain((out.data as Data).bet.player);
      expect(html).not.toContain('data-testid="bet-verify"');
      expect(html).not.toMatch(/records\.[a-z]/);
    }
    await rotateSeed(player.id);
    const out = await get(betPageId(diceId));
    const html = await renderRoute("en", `/bet/${betPageId(diceId)}`, bet.default, out.data);
    expect(html).toContain(await serverSeedOf(seedId));
    expect(html).toContain('href="/fair?game=dice&amp;serverSeed=');
    expect(html).toContain('data-testid="bet-verify"');
    expect((out.data as Data).bet.verify).toMatch(/^\/fair\?game=dice&serverSeed=/);
  });

  it("is a 404 for a round's bare id, another tag, a neighbour's id, a provider's round and malformed ids, signed in or not", async () => {
    const tag = betPageId(diceId).slice(String(diceId).length + 1);
    const wrongTag = `${tag.slice(0, -1)}${tag.endsWith("x") ? "y" : "x"}`;
    const neighbours = [diceId - 1, diceId + 1, diceId + 2].flatMap((id) => [String(id), `${id}-${tag}`]);
    for (const id of [
      String(diceId),
      `${diceId}-`,
      `${diceId}-${wrongTag}`,
      `${diceId}-${tag}-${tag}`,
      ...neighbours,
      betPageId(providerRoundId),
      String(providerRoundId),
      "abc",
      "-1",
      "0",
      "2147483648",
      "9".repeat(30),
      "1e5",
      "12a",
      "999999999999",
    ]) {
      expect((await get(id)).status, id).toBe(404);
      expect((await get(id, { cookie })).status, id).toBe(404);
    }
  });
});

describe("the betting record's details", () => {
  it("link to the bet page for a house round, not for a provider's", async () => {
    const house = await call(details, `/betting-record/${diceId}`, { cookie, params: { id: String(diceId) } });
    const d = house.data as Awaited<ReturnType<typeof details.loader>>;
    expect(d.betPage).toBe(`/bet/${betPageId(diceId)}`);
    const html = await renderRoute("en", `/betting-record/${diceId}`, details.default, d);
    expect(html).toContain(`href="/bet/${betPageId(diceId)}"`);
    // The link opens the round's page.
    expect((await get(d.betPage!.slice("/bet/".length))).status).toBe(200);
    expect(html).toContain("Share this bet");
    const provider = await call(details, `/betting-record/${providerRoundId}`, { cookie, params: { id: String(providerRoundId) } });
    expect((provider.data as typeof d).betPage).toBeNull();
  });
});
