// One-click betting settings: defaults, the form's checks on the presets, the selected preset, one row per player
// under concurrent saves, and a player reaching only their own settings. Runs on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { oneClickSettingsSchema } from "#app/components/exchange/schemas.ts";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { placeBetFromForm } from "./bets.server.ts";
import { DEFAULT_ONE_CLICK, getOneClick, saveOneClick, selectOneClickStake } from "./preferences.server.ts";
import { exchangeOrders, exchangePreferences } from "./schema.ts";
import { createBookmakerMarket, fundedPlayer, mainOf, refusal, requestKey, taka } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const presetsError = (presets: string) => {
  const parsed = oneClickSettingsSchema.safeParse({ intent: "settings", presets });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe("one-click settings", () => {
  it("are off by default, with four presets, the smallest selected and confirmation on", async () => {
    const p = await fundedPlayer(taka(100));
    expect(await getOneClick(p)).toEqual({ oneClick: false, presets: [100, 500, 1000, 5000], stake: 100, confirmBets: true });
    expect(DEFAULT_ONE_CLICK.oneClick).toBe(false);
    expect(await db.select().from(exchangePreferences).where(eq(exchangePreferences.playerId, p))).toEqual([]);
  });

  it("take 3 to 5 distinct whole-taka presets within the bounds, sorted", () => {
    expect(oneClickSettingsSchema.parse({ intent: "settings", presets: " 500,100 2000", oneClick: "on" })).toMatchObject({
      presets: [100, 500, 2000],
      oneClick: true,
      confirmBets: false,
    });
    expect(presetsError("100, 200, 300, 400, 500")).toBeNull();
    expect(presetsError("100, 200")).toEqual(["exchange.errors.presetsCount"]);
    expect(presetsError("1,2,3,4,5,6")).toEqual(["exchange.errors.presetsCount"]);
    expect(presetsError("")).toEqual(["exchange.errors.presetsCount"]);
    expect(presetsError("100, 2.5, 300")).toEqual(["exchange.errors.stakeWhole"]);
    expect(presetsError("100, -5, 300")).toEqual(["exchange.errors.stakeWhole"]);
    expect(presetsError("5, 100, 300")).toEqual(["exchange.errors.presetsRange"]);
    expect(presetsError("100, 300, 1000001")).toEqual(["exchange.errors.presetsRange"]);
    expect(presetsError("100, 100, 300")).toEqual(["exchange.errors.presetsTwice"]);
  });

  it("keep the selected preset while it is still a preset, else select the smallest", async () => {
    const p = await fundedPlayer(taka(100));
    await saveOneClick(p, { oneClick: true, confirmBets: false, presets: [50, 250, 750] });
    expect(await getOneClick(p)).toEqual({ oneClick: true, presets: [50, 250, 750], stake: 50, confirmBets: false });
    expect((await selectOneClickStake(p, 250)).stake).toBe(250);
    expect((await saveOneClick(p, { oneClick: true, confirmBets: true, presets: [250, 1000, 20, 40] })).stake).toBe(250);
    expect((await saveOneClick(p, { oneClick: false, confirmBets: true, presets: [30, 60, 90] })).stake).toBe(30);
    expect((await refusal(selectOneClickStake(p, 100))).code).toBe("preset_unknown");
    expect((await getOneClick(p)).stake).toBe(30);
    // Selecting before ever saving keeps the defaults and selects one of them.
    const q = await fundedPlayer(taka(100));
    expect(await selectOneClickStake(q, 1000)).toEqual({ ...DEFAULT_ONE_CLICK, stake: 1000 });
  });

  it("are one row per player however many saves race, and one player's never reach another's", async () => {
    const [a, b] = [await fundedPlayer(taka(100)), await fundedPlayer(taka(100))];
    // 50 first saves race to insert the row; then half the calls save presets, half select 20 (a preset of every save).
    await Promise.all(Array.from({ length: 50 }, () => saveOneClick(a, { oneClick: false, confirmBets: true, presets: [10, 20, 30] })));
    expect(await db.select().from(exchangePreferences).where(eq(exchangePreferences.playerId, a))).toHaveLength(1);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? saveOneClick(a, { oneClick: true, confirmBets: false, presets: [10, 20, 30 + i] }) : selectOneClickStake(a, 20),
      ),
    );
    const rows = await db.select().from(exchangePreferences).where(eq(exchangePreferences.playerId, a));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ oneClick: true, confirmBets: false });
    expect(rows[0]!.stakePresets).toContain(rows[0]!.stake);
    // b saw nothing of a's saves and their own save leaves a's row as it was.
    expect(await getOneClick(b)).toEqual(DEFAULT_ONE_CLICK);
    await saveOneClick(b, { oneClick: false, confirmBets: true, presets: [200, 400, 800] });
    expect(await getOneClick(a)).toMatchObject({ oneClick: true, presets: rows[0]!.stakePresets });
  });
});

describe("a one-click tap's request key", () => {
  it("places one bet however many times the same tap is sent at once, on match odds and on Bookmaker", async () => {
    const m = await createBookmakerMarket();
    const p = await fundedPlayer(taka(10_000));
    // What OneClick.tsx posts for a tap on a price: the cell's bet, the selected preset, one key for the tap.
    const taps = [
      { market: m.oddsMarket.id, runner: m.oddsHome.id, side: "back" as const, price: "2.5", stake: "200", requestKey: requestKey() },
      { market: m.market.id, runner: m.home.id, side: "back" as const, price: "45", stake: "200", requestKey: requestKey() },
    ];
    for (const tap of taps) {
      const results = await Promise.all(Array.from({ length: 50 }, () => placeBetFromForm(p, tap)));
      expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
      expect(await db.select().from(exchangeOrders).where(eq(exchangeOrders.requestKey, tap.requestKey))).toHaveLength(1);
    }
    // Two bets of ৳200 held, not a hundred.
    expect((await mainOf(p)).available).toBe(taka(10_000 - 400));
  });
});
