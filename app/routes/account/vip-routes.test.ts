// /vip and /api/convert-vipcoin called the way React Router calls them (root middleware: language, session).
import { eq } from "drizzle-orm";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { closeIdleConnections, createPlayer, createSite, expectInvariants } from "#app/modules/payments/test-helpers.ts";
import { vipLevels } from "#app/modules/vip/schema.ts";
import { settledRound, vipAccount, vipReady } from "#app/modules/vip/test-helpers.ts";
import { accrueSettledStakes } from "#app/modules/vip/vip.server.ts";
import * as convertApi from "#app/routes/api/convert-vipcoin.ts";
import { type CallInit, callRoute, type RouteModule, sessionFor } from "#tests/support/route-call.ts";
import * as vip from "./vip.tsx";

const call = (route: RouteModule, path: string, init: CallInit = {}) =>
  callRoute(route, path, { ...init, headers: { "x-client-ip": "10.1.1.2", ...init.headers } });

beforeAll(async () => {
  await createSite();
  clearSiteConfigCache();
  await vipReady();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A logged-in player holding `vp` VP, earned through the accrual from one settled round. */
async function playerWithVp(vp: bigint) {
  const player = await createPlayer();
  if (vp > 0n) await settledRound(player.id, vp * 10_000n);
  await accrueSettledStakes();
  return { player, ...(await sessionFor(player)) };
}

type Page = {
  card: { level: string; next: string | null; points: string };
  convert: { requestKey: string; enough: boolean; rate: { level: string } | null };
  history: { level: string }[];
  rows: { source: string }[];
  done: string | null;
};
type Reply = { result: { error?: Record<string, string[]> } };

describe("/vip", () => {
  it("sends a guest to log in and back", async () => {
    const out = await call(vip, "/vip?tab=used");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Fvip%3Ftab%3Dused");
  });

  it("converts once for a form sent twice, then names the conversion", async () => {
    const { player, cookie } = await playerWithVp(25n);
    const page = (await call(vip, "/vip", { cookie })).data as Page;
    expect(page.card).toMatchObject({ level: "Normal", points: "25" });
    const form = { vp: "20", requestKey: page.convert.requestKey };
    const first = await call(vip, "/vip?tab=myVip", { cookie, form });
    const second = await call(vip, "/vip?tab=myVip", { cookie, form });
    expect(first.status).toBe(302);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await mainBalance(player.id)).toBe(500n);
    expect((await vipAccount(player.id)).points).toBe(500n);
    const after = (await call(vip, first.headers.get("location")!, { cookie })).data as Page;
    expect(after.done).toBe("Converted 20 VP into ৳5.00. It is on your main wallet.");
    expect(after.card.points).toBe("5");
  });

  it("answers the spec's messages next to the field with a 400", async () => {
    const { cookie } = await playerWithVp(12n);
    const { convert } = (await call(vip, "/vip", { cookie })).data as Page;
    const low = await call(vip, "/vip?tab=myVip", { cookie, form: { vp: "9", requestKey: convert.requestKey } });
    expect(low.status).toBe(400);
    expect((low.data as Reply).result.error?.vp).toEqual(["Minimum VP Required: 10"]);
    const many = await call(vip, "/vip?tab=myVip", { cookie, form: { vp: "13", requestKey: convert.requestKey } });
    expect(many.status).toBe(400);
    expect((many.data as Reply).result.error?.vp?.map(inEnglish)).toEqual(["Not enough points. Points must follow minimum VP required to convert."]);
    const junk = await call(vip, "/vip?tab=myVip", { cookie, form: { vp: "1e3", requestKey: "x" } });
    expect(junk.status).toBe(400);
  });

  it("shows only the player's own rows and conversions", async () => {
    const a = await playerWithVp(30n);
    const b = await playerWithVp(0n);
    const { convert } = (await call(vip, "/vip", { cookie: a.cookie })).data as Page;
    const done = await call(vip, "/vip", { cookie: a.cookie, form: { vp: "10", requestKey: convert.requestKey } });
    const location = done.headers.get("location")!;
    // B opening A's confirmation address, or the lists, sees nothing of A's.
    expect(((await call(vip, location, { cookie: b.cookie })).data as Page).done).toBeNull();
    expect(((await call(vip, "/vip?tab=received", { cookie: b.cookie })).data as Page).rows).toEqual([]);
    expect(((await call(vip, "/vip?tab=used", { cookie: b.cookie })).data as Page).rows).toEqual([]);
    const received = ((await call(vip, "/vip?tab=received&size=25&page=1", { cookie: a.cookie })).data as Page).rows;
    expect(received).toEqual([{ no: 1, points: "30", source: "Casino bet ৳3,000.00", time: expect.any(String) }]);
    expect(((await call(vip, "/vip?tab=used", { cookie: a.cookie })).data as Page).rows).toMatchObject([{ points: "10", source: "৳2.50" }]);
  });
});

describe("/vip in Bangla", () => {
  const bangla = { "accept-language": "bn" };

  it("names the levels by their Bangla names, and by the English name where a level has none", async () => {
    const { cookie } = await playerWithVp(25n);
    const page = (await call(vip, "/vip", { cookie, headers: bangla })).data as Page;
    expect(page.card).toMatchObject({ level: "সাধারণ", next: "এলিট I" });
    expect(page.convert.rate?.level).toBe("সাধারণ");
    const history = (await call(vip, "/vip?tab=history", { cookie, headers: bangla })).data as Page;
    expect(history.history.map((h) => h.level)).toEqual(["সাধারণ"]);
    // The English page keeps the English names.
    expect(((await call(vip, "/vip", { cookie })).data as Page).card).toMatchObject({ level: "Normal", next: "Elite I" });

    const [normal] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Normal"));
    const [elite] = await db.select().from(vipLevels).where(eq(vipLevels.name, "Elite I"));
    await db.update(vipLevels).set({ nameBn: null }).where(eq(vipLevels.id, normal!.id));
    await db.update(vipLevels).set({ nameBn: "  " }).where(eq(vipLevels.id, elite!.id));
    try {
      const bare = (await call(vip, "/vip?tab=myVip", { cookie, headers: bangla })).data as Page;
      expect(bare.card).toMatchObject({ level: "Normal", next: "Elite I" });
      expect(bare.convert.rate?.level).toBe("Normal");
      const bareHistory = (await call(vip, "/vip?tab=history", { cookie, headers: bangla })).data as Page;
      expect(bareHistory.history.map((h) => h.level)).toEqual(["Normal"]);
    } finally {
      await db.update(vipLevels).set({ nameBn: normal!.nameBn }).where(eq(vipLevels.id, normal!.id));
      await db.update(vipLevels).set({ nameBn: elite!.nameBn }).where(eq(vipLevels.id, elite!.id));
    }
  });
});

describe("/api/convert-vipcoin", () => {
  it("needs a bearer token, and remote_id must be the token's own player", async () => {
    expect((await call(convertApi, "/api/convert-vipcoin?vip_coin=10")).status).toBe(401);
    const { player, token } = await playerWithVp(10n);
    const other = await call(convertApi, `/api/convert-vipcoin?remote_id=${player.id + 1}&vip_coin=10`, { token });
    expect(other.status).toBe(403);
    expect((await call(convertApi, "/api/convert-vipcoin?vip_coin=10", { method: "POST", token })).status).toBe(405);
  });

  it("converts with the spec's fields and answers success, once per request_id", async () => {
    const { player, token } = await playerWithVp(30n);
    const path = `/api/convert-vipcoin?remote_id=${player.id}&vip_coin=10&request_id=api-${player.id}-0001`;
    const first = await call(convertApi, path, { token });
    expect(first.status).toBe(200);
    expect(first.data).toEqual({
      success: true,
      message: "Converted 10 VP into 2.50 BDT.",
      data: { vip_coin: "20.00", converted: "10", amount: "2.50", balance: "2.50", request_id: `api-${player.id}-0001`, replayed: false },
    });
    const again = await call(convertApi, path, { token });
    expect(again.data).toMatchObject({ success: true, data: { replayed: true, amount: "2.50" } });
    expect(await mainBalance(player.id)).toBe(250n);
  });

  it("answers a refusal with success false and the spec's message", async () => {
    const { token } = await playerWithVp(5n);
    const low = await call(convertApi, "/api/convert-vipcoin?vip_coin=5", { token });
    expect(low.status).toBe(422);
    expect(low.data).toEqual({ success: false, message: "Minimum VP Required: 10" });
    const many = await call(convertApi, "/api/convert-vipcoin?vip_coin=50", { token });
    expect(many.data).toEqual({ success: false, message: "Not enough points. Points must follow minimum VP required to convert." });
    expect((await call(convertApi, "/api/convert-vipcoin?vip_coin=abc", { token })).data).toEqual({
      success: false,
      message: "Enter a whole number of VP.",
    });
  });
});
