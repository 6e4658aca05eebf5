// /house/crash/round/:id called the way React Router calls it and rendered without JavaScript: a guest sees a round in
// play without its hash, salt or crash point, a crashed one with them and a verify link (English and Bangla), a void one
// as void; malformed and unknown ids are 404s. The Crash page's chips link here; its live-bets tabs work as links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeBet } from "#app/modules/games/house/crash/bets.server.ts";
import { CrashHub } from "#app/modules/games/house/crash/hub.server.ts";
import { markCrashed, settleCrashedBets, voidRound } from "#app/modules/games/house/crash/rounds.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, runRound, testChain } from "#app/modules/games/house/crash/test-helpers.ts";
import { playDice } from "#app/modules/games/house/dice/dice.server.ts";
import { ensureHouseGames } from "#app/modules/games/house/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { renderRoute } from "#tests/support/render-route.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";
import * as page from "./crash-round.tsx";
import * as crash from "./house-crash.tsx";
import * as dice from "./house-dice.tsx";

type Data = Awaited<ReturnType<typeof page.loader>>;

beforeAll(async () => {
  await ensureHouseGames();
  await ensureCrashGame();
});
afterAll(closeIdleConnections);

const get = (id: string, init: { cookie?: string; lng?: string } = {}) =>
  call(page, `/house/crash/round/${encodeURIComponent(id)}`, {
    params: { id },
    cookie: init.cookie,
    headers: init.lng ? { "accept-language": init.lng } : {},
  });

describe("/house/crash/round/:id", () => {
  it("shows a round in play without its secrets, then crashed with hash, salt, bets and a verify link, in English and Bangla", async () => {
    const round = await bettingRound(321);
    const player = await fundedPlayer(100_000n);
    await placeBet(player.id, { stake: 2_500n, autoCashout: 150 });
    const { salt } = await testChain();

    const open = await get(String(round.id));
    expect(open.status).toBe(200);
    const openHtml = await renderRoute("en", `/house/crash/round/${round.id}`, page.default, open.data);
    expect(openHtml).toContain("Taking bets");
    expect(openHtml).toContain("Shown once the round has crashed");
    expect(openHtml).not.toContain(round.hash);
    expect(openHtml).not.toContain(salt);
    expect(openHtml).not.toContain(player.username);

    const running = await runRound(round.id, 60_000);
    await markCrashed(round.id);
    await settleCrashedBets(new CrashHub(false), running, salt);
    for (const [lng, status, heading] of [
      ["en", "Crashed", `Crash round #${round.gameNumber}`],
      ["bn", "ক্র্যাশ হয়েছে", `ক্র্যাশ রাউন্ড #${round.gameNumber}`],
    ] as const) {
      const out = await get(String(round.id), { lng });
      const d = out.data as Data;
      expect(d.title).toBe(heading);
      const html = await renderRoute(lng, `/house/crash/round/${round.id}`, page.default, d);
      expect(html).toContain(heading);
      expect(html).toContain(status);
      expect(html).toContain("3.21×");
      expect(html).toContain(round.hash);
      expect(html).toContain(salt);
      expect(html).toContain('data-testid="crash-round-verify"');
      expect(html).toContain("1.50×");
      expect(html).toContain("৳37.50");
      expect(html).not.toContain(player.username);
      expect(html).not.toMatch(/crash\.[a-z]/);
    }
  });

  it("shows a void round as void", async () => {
    const round = await bettingRound(200);
    await voidRound(round.id);
    const out = await get(String(round.id), { lng: "bn" });
    const html = await renderRoute("bn", `/house/crash/round/${round.id}`, page.default, out.data);
    expect(html).toContain("বাতিল (বাজি ফেরত দেওয়া হয়েছে)");
    expect(html).toContain('data-status="voided"');
    expect(html).not.toContain('data-testid="crash-round-verify"');
  });

  it("is a 404 for malformed and unknown ids, signed in or not", async () => {
    const cookie = (await sessionFor(await fundedPlayer(1_000n))).cookie;
    for (const id of ["abc", "-1", "0", "2147483648", "9".repeat(30), "1e5", "12a", "999999999999"]) {
      expect((await get(id)).status, id).toBe(404);
      expect((await get(id, { cookie })).status, id).toBe(404);
    }
  });
});

describe("the live-bets panel on the house game pages", () => {
  it("lists the last settled bets as of load, opens the tab the query names, and My bets holds only the viewer's", async () => {
    const me = await fundedPlayer(100_000n);
    const other = await fundedPlayer(100_000n);
    await playDice(other.id, { stake: 1_000n, target: 5000, direction: "under" });
    await playDice(me.id, { stake: 1_200n, target: 5000, direction: "under" });
    const cookie = (await sessionFor(me)).cookie;
    const out = await call(dice, "/house/dice?bets=mine", { cookie });
    type Live = { liveBets: { all: { s: string }[]; mine: { s: string }[] }; liveTab: string };
    expect(out.status, out.headers.get("location") ?? "").toBe(200);
    const d = out.data as Live;
    expect(d.liveTab).toBe("mine");
    expect(d.liveBets.all.slice(0, 2).map((b) => b.s)).toEqual(["1200", "1000"]);
    expect(d.liveBets.mine.map((b) => b.s)).toEqual(["1200"]);
    expect(JSON.stringify(d.liveBets)).not.toContain(me.username);
    expect(JSON.stringify(d.liveBets)).not.toContain(other.username);
    const html = await renderRoute("en", "/house/dice?bets=mine", dice.default, out.data);
    expect(html).toContain('data-tab="mine"');
    expect(html).toContain('href="/house/dice?bets=high#live-bets"');
    const odd = await call(crash, "/house/crash?bets=junk", { cookie });
    expect((odd.data as Live).liveTab).toBe("all");
  });
});
