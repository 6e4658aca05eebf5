// /exchange/one-click, called as the server calls it: the settings form (bad presets are a 400 next to the field,
// a good save redirects with its notice and back link), the preset buttons above a market, and what the market page
// carries for one-click. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, describe, expect, it } from "vitest";
import { createMatchOddsMarket, fundedPlayer, taka } from "#app/modules/exchange/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import * as oddsViewRoute from "#app/routes/exchange/odds-view.tsx";
import * as oneClickRoute from "#app/routes/exchange/one-click.tsx";
import { callRoute, sessionFor } from "../support/route-call.ts";

afterAll(closeIdleConnections);

const PATH = "/exchange/one-click";
type Reply = { result: { error?: Record<string, string[]> } };
type Settings = { settings: { oneClick: boolean; presets: number[]; stake: number; confirmBets: boolean }; back: string | null; saved: boolean };

describe("the one-click settings", () => {
  it("refuse bad presets with a 400 next to the field, save good ones and go back to the market with a notice", async () => {
    const { cookie } = await sessionFor({ id: await fundedPlayer(taka(100)) });
    const settings = { intent: "settings", oneClick: "on", presets: "100, 200, 300", redirectTo: "/odds-view?market=7" };
    for (const [presets, message] of [
      ["100", "exchange.errors.presetsCount"],
      ["100, 200, 300, 400, 500, 600", "exchange.errors.presetsCount"],
      ["100, 2.5, 300", "exchange.errors.stakeWhole"],
      ["1, 200, 300", "exchange.errors.presetsRange"],
      ["100, 100, 300", "exchange.errors.presetsTwice"],
    ] as const) {
      const bad = await callRoute(oneClickRoute, PATH, { cookie, form: { ...settings, presets } });
      expect(bad.status, presets).toBe(400);
      expect((bad.data as Reply).result.error).toEqual({ presets: [message] });
    }
    const before = await callRoute(oneClickRoute, PATH, { cookie });
    expect((before.data as Settings).settings).toEqual({ oneClick: false, presets: [100, 500, 1000, 5000], stake: 100, confirmBets: true });

    const saved = await callRoute(oneClickRoute, PATH, { cookie, form: { ...settings, presets: "300 100 200" } });
    expect(saved.status).toBe(302);
    const location = saved.headers.get("location")!;
    expect(location).toBe(`${PATH}?saved=1&back=${encodeURIComponent("/odds-view?market=7")}`);
    const page = (await callRoute(oneClickRoute, location, { cookie })).data as Settings;
    expect(page).toMatchObject({ saved: true, back: "/odds-view?market=7" });
    expect(page.settings).toEqual({ oneClick: true, presets: [100, 200, 300], stake: 100, confirmBets: false });

    // Anywhere but a market page is not a place to go back to.
    const elsewhere = await callRoute(oneClickRoute, PATH, { cookie, form: { ...settings, redirectTo: "//evil.example" } });
    expect(elsewhere.headers.get("location")).toBe(`${PATH}?saved=1`);
    expect(((await callRoute(oneClickRoute, `${PATH}?back=/account`, { cookie })).data as Settings).back).toBeNull();
  });

  it("select a preset from the market page, refuse an amount that is not one, and reach only the signed-in player", async () => {
    const m = await createMatchOddsMarket();
    const player = await fundedPlayer(taka(100));
    const { cookie } = await sessionFor({ id: player });
    const market = `/odds-view?market=${m.market.id}`;
    await callRoute(oneClickRoute, PATH, { cookie, form: { intent: "settings", oneClick: "on", confirmBets: "on", presets: "100, 250, 400" } });
    const chosen = await callRoute(oneClickRoute, PATH, { cookie, form: { intent: "stake", stake: "250", redirectTo: market } });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe(market);
    const unknown = await callRoute(oneClickRoute, PATH, { cookie, form: { intent: "stake", stake: "999", redirectTo: market } });
    expect(unknown.status).toBe(400);
    expect((unknown.data as Reply).result.error).toEqual({ "": ["exchange.errors.preset_unknown"] });

    const page = await callRoute(oddsViewRoute, market, { cookie });
    expect((page.data as { oneClick: unknown }).oneClick).toEqual({ oneClick: true, presets: [100, 250, 400], stake: 250, confirmBets: true });
    // Another player (a player id in the form is not read) sees their own defaults, and a guest is sent to log in.
    const other = await sessionFor({ id: await fundedPlayer(taka(100)) });
    await callRoute(oneClickRoute, PATH, { cookie: other.cookie, form: { intent: "stake", stake: "500", playerId: String(player) } });
    expect(((await callRoute(oneClickRoute, PATH, { cookie: other.cookie })).data as Settings).settings).toMatchObject({
      oneClick: false,
      stake: 500,
    });
    expect(((await callRoute(oneClickRoute, PATH, { cookie })).data as Settings).settings.stake).toBe(250);
    const guest = await callRoute(oneClickRoute, PATH, { form: { intent: "stake", stake: "100" } });
    expect(guest.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});
