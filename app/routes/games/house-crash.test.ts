// /house/crash, /api/crash/state and /resources/crash-events called the way React Router calls them (root
// middleware fills the context, then the loader or action runs). Real database; nothing is mocked.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { publishCrash } from "#app/modules/games/house/crash/hub.server.ts";
import { markCrashed, voidRound } from "#app/modules/games/house/crash/rounds.server.ts";
import { bettingRound, ensureCrashGame, fundedPlayer, runRound } from "#app/modules/games/house/crash/test-helpers.ts";
import type { CrashView } from "#app/modules/games/house/crash/view.ts";
import { crashRounds, games } from "#app/modules/games/schema.ts";
import { CRASH_CODE } from "#app/modules/games/house/crash/game.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import * as state from "../api/crash-state.ts";
import * as events from "../resources/crash-events.ts";
import * as page from "./house-crash.tsx";
import { callRoute as call, type Outcome, sessionFor } from "#tests/support/route-call.ts";

const loggedIn = async (player: { id: number }) => (await sessionFor(player)).cookie;

type Reply = { result: { error?: Record<string, string[] | null> } };
const errorsOf = (out: Outcome) => (out.data as Reply).result.error ?? {};

beforeAll(ensureCrashGame);
afterAll(closeIdleConnections);

describe("/house/crash", () => {
  it("sends a guest to log in and back", async () => {
    const out = await call(page, "/house/crash");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Fhouse%2Fcrash");
  });

  it("shows the round without its hash or crash point before the crash, and crashed rounds with theirs", async () => {
    const player = await fundedPlayer(10_000n);
    const cookie = await loggedIn(player);
    // A round voided by a restart shows in the history as void, with its hash.
    const gone = await bettingRound();
    await voidRound(gone.id);
    const done = await bettingRound(321);
    await runRound(done.id, 60_000);
    await markCrashed(done.id);
    const live = await bettingRound(1_000_000);
    await runRound(live.id, 5_000);

    const out = await call(page, "/house/crash", { cookie });
    const data = out.data as { view: CrashView; balance: string; game: { min: string; max: string } };
    expect(data.balance).toBe("৳100.00");
    expect(data.game).toEqual({ min: "৳10.00", max: "৳25,000.00", maxWin: "৳1,000,000.00", roundRoom: null });
    expect(data.view.round).toMatchObject({ id: live.id, phase: "running", crashPoint: null, hash: null });
    expect(data.view.round!.multiplier).toBeGreaterThanOrEqual(134);
    expect(data.view.history[0]).toMatchObject({ id: done.id, crashPoint: 321, crashText: "3.21", hash: done.hash, voided: false });
    expect(data.view.history[1]).toMatchObject({ id: gone.id, hash: gone.hash, voided: true });
    expect(data.view.chain?.terminatingHash).toMatch(/^[0-9a-f]{64}$/);

    const json = await call(state, "/api/crash/state", { cookie });
    const text = await json.response!.text();
    expect(json.response!.headers.get("cache-control")).toBe("no-store");
    expect(text).not.toContain(live.hash);
    expect(text).toContain(done.hash);
    expect((JSON.parse(text) as CrashView).round).toMatchObject({ id: live.id, phase: "running" });

    // Bets are refused while the round runs, with the reason on the form.
    const bet = await call(page, "/house/crash", { cookie, form: { intent: "bet", stake: "10" } });
    expect(bet.status).toBe(400);
    expect(errorsOf(bet)[""]?.map(inEnglish)).toEqual(["Bets are closed: wait for the next round."]);
    const cash = await call(page, "/house/crash", { cookie, form: { intent: "cashout" } });
    expect(cash.status).toBe(400);
    expect(errorsOf(cash)[""]?.map(inEnglish)).toEqual(["You have no bet on this round."]);
    await markCrashed(live.id);
  });

  it("checks the form: stake and auto cash-out formats, unknown intents", async () => {
    const cookie = await loggedIn(await fundedPlayer(10_000n));
    const bad = await call(page, "/house/crash", { cookie, form: { intent: "bet", stake: "ten", autoCashout: "2x" } });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toMatchObject({ stake: ["crash.errors.stakeFormat"], autoCashout: ["crash.errors.autoFormat"] });
    const round = await bettingRound(500);
    const low = await call(page, "/house/crash", { cookie, form: { intent: "bet", stake: "5" } });
    expect(errorsOf(low)[""]?.map(inEnglish)).toEqual(["The stake must be between ৳10.00 and ৳25,000.00."]);
    const auto = await call(page, "/house/crash", { cookie, form: { intent: "bet", stake: "10", autoCashout: "1" } });
    expect(errorsOf(auto)[""]?.map(inEnglish)).toEqual(["Auto cash-out must be from 1.01× to 1,000,000×."]);
    const odd = await call(page, "/house/crash", { cookie, form: { intent: "steal" } });
    expect(odd.status).toBe(400);
    await db.update(crashRounds).set({ status: "voided" }).where(eq(crashRounds.id, round.id));
  });

  it("shows the max win and what the round can still pay before the bet, and the bet's max payout after it", async () => {
    await db.update(games).set({ maxWin: 2_000_000n, roundPayoutCap: 3_000_000n }).where(eq(games.code, CRASH_CODE));
    try {
      const round = await bettingRound(500);
      const first = await loggedIn(await fundedPlayer(1_000_000n));
      const before = await call(page, "/house/crash", { cookie: first });
      expect((before.data as { game: unknown }).game).toMatchObject({ maxWin: "৳20,000.00", roundRoom: "৳20,000.00" });
      const capped = await call(page, "/house/crash", { cookie: first, form: { intent: "bet", stake: "100", autoCashout: "500" } });
      expect((capped.data as { notice: string }).notice).toBe(
        "Bet placed: ৳100.00. The payout limits cap it at ৳20,000.00: auto cash-out at 200.00×.",
      );
      const second = await loggedIn(await fundedPlayer(1_000_000n));
      expect(((await call(page, "/house/crash", { cookie: second })).data as { game: unknown }).game).toMatchObject({ roundRoom: "৳10,000.00" });
      const manual = await call(page, "/house/crash", { cookie: second, form: { intent: "bet", stake: "100" } });
      expect((manual.data as { notice: string }).notice).toBe("Bet placed: ৳100.00. It pays at most ৳10,000.00.");
      const third = await loggedIn(await fundedPlayer(1_000_000n));
      const full = await call(page, "/house/crash", { cookie: third, form: { intent: "bet", stake: "100" } });
      expect(full.status).toBe(400);
      expect(errorsOf(full)[""]?.map(inEnglish)).toEqual(["This round has reached its payout limit: wait for the next round."]);
      await db.update(crashRounds).set({ status: "voided" }).where(eq(crashRounds.id, round.id));
    } finally {
      await db.update(games).set({ maxWin: 100_000_000n, roundPayoutCap: null }).where(eq(games.code, CRASH_CODE));
    }
  });
});

describe("/resources/crash-events", () => {
  it("streams the state, then the events this process publishes", async () => {
    const abort = new AbortController();
    const out = await call(events, "/resources/crash-events", { signal: abort.signal });
    expect(out.response!.headers.get("content-type")).toBe("text/event-stream");
    const reader = out.response!.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: state")) text += (await reader.read()).value ?? "";
    await publishCrash({ t: "tick", r: 42, m: 150, e: 6758, ts: 1 });
    while (!/event: tick\ndata: .*\n\n/.test(text)) text += (await reader.read()).value ?? "";
    expect(text).toContain('event: tick\ndata: {"t":"tick","r":42,"m":150,"e":6758,"ts":1}\n\n');
    abort.abort();
  });
});
