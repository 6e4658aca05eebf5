// Autobet through the game pages' actions (issue 30), the way React Router calls them: bad settings are a 400 with the
// message next to the field; a valid server-side run lists its bets; Crash's start makes one session however often
// it is posted at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCrashGame } from "#app/modules/games/house/crash/test-helpers.ts";
import { ensureHouseGames, fundedPlayer, mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { activeCrashAutobet, stopCrashAutobet } from "#app/modules/games/house/crash/autobet.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import * as crash from "#app/routes/games/house-crash.tsx";
import * as dice from "#app/routes/games/house-dice.tsx";
import * as mines from "#app/routes/games/house-mines.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";

beforeAll(async () => {
  await ensureHouseGames();
  await ensureCrashGame();
});
afterAll(closeIdleConnections);

const diceAuto = (over: Record<string, string> = {}) => ({
  intent: "auto",
  stake: "10",
  target: "50.00",
  direction: "under",
  bets: "10",
  onWin: "reset",
  onLoss: "reset",
  ...over,
});

type Answer = { result: { error?: Record<string, string[]> }; auto: { lines: unknown[]; stop: string; profit: string } | null };
const errorsOf = (data: unknown) => (data as Answer).result.error ?? {};

describe("Dice's auto form", () => {
  it("refuses 0 or 101 bets, a negative or missing percentage and a bad stop, next to the field, with no bet", async () => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    for (const [over, field, message] of [
      [{ bets: "0" }, "bets", "house.errors.betsFormat"],
      [{ bets: "101" }, "bets", "house.errors.betsFormat"],
      [{ bets: "" }, "bets", "house.errors.betsFormat"],
      [{ onLoss: "increase", onLossPercent: "-5" }, "onLossPercent", "house.errors.percentFormat"],
      [{ onWin: "increase" }, "onWinPercent", "house.errors.percentFormat"],
      [{ onWin: "increase", onWinPercent: "1000.01" }, "onWinPercent", "house.errors.percentFormat"],
      [{ stopLoss: "0" }, "stopLoss", "house.errors.stopFormat"],
      [{ stopProfit: "-1" }, "stopProfit", "house.errors.stakeFormat"],
    ] as const) {
      const out = await call(dice, "/house/dice?mode=auto", { cookie, form: diceAuto(over) });
      expect(out.status, JSON.stringify(over)).toBe(400);
      expect(errorsOf(out.data)[field], JSON.stringify(over)).toContain(message);
    }
    expect(await mainBalance(player.id)).toBe(100_000n);
  });

  it("runs 10 rolls in one post and lists them", async () => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    const out = await call(dice, "/house/dice?mode=auto", { cookie, form: diceAuto({ onLoss: "increase", onLossPercent: "50" }) });
    expect(out.status).toBe(200);
    const auto = (out.data as Answer).auto!;
    expect(auto.lines).toHaveLength(10);
    expect(auto.stop).toBe("bets_done");
  });
});

describe("Mines' auto form", () => {
  it("refuses no tiles, repeated tiles and more tiles than safe ones", async () => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    const base = { intent: "auto", stake: "10", mines: "3", bets: "5", onWin: "reset", onLoss: "reset" };
    const none = await call(mines, "/house/mines?mode=auto", { cookie, form: base });
    expect(none.status).toBe(400);
    const many = new URLSearchParams(base);
    for (let i = 0; i < 23; i++) many.append("tiles", String(i));
    const tooMany = await call(mines, "/house/mines?mode=auto", { cookie, body: many });
    expect(tooMany.status).toBe(400);
    expect(errorsOf(tooMany.data).tiles).toContain("house.errors.tilesFormat");
    const ok = new URLSearchParams(base);
    ok.append("tiles", "0");
    ok.append("tiles", "12");
    const run = await call(mines, "/house/mines?mode=auto", { cookie, body: ok });
    expect(run.status).toBe(200);
    expect((run.data as Answer).auto!.lines).toHaveLength(5);
  });
});

describe("Crash's autobet form", () => {
  it("refuses bad settings and makes one session from 50 parallel starts", async () => {
    const player = await fundedPlayer(100_000n);
    const { cookie } = await sessionFor(player);
    const form = { intent: "autoStart", stake: "10", autoCashout: "2.00", bets: "10", onWin: "reset", onLoss: "reset" };
    const bad = await call(crash, "/house/crash", { cookie, form: { ...form, bets: "101", autoCashout: "1.00" } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.data).bets).toContain("house.errors.betsFormat");
    expect(errorsOf(bad.data).autoCashout).toContain("crash.errors.autoFormat");
    const outs = await Promise.all(Array.from({ length: 50 }, () => call(crash, "/house/crash", { cookie, form })));
    expect(outs.every((o) => o.status === 200)).toBe(true);
    expect(await activeCrashAutobet(player.id)).toBeDefined();
    const stop = await call(crash, "/house/crash", { cookie, form: { intent: "autoStop" } });
    expect(stop.status).toBe(200);
    expect(await activeCrashAutobet(player.id)).toBeUndefined();
    expect(await stopCrashAutobet(player.id)).toBe(false);
  });
});
