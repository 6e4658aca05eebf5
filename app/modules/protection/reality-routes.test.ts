// The reality check through the routes, the way React Router calls them (root middleware, then the loader or
// action): a due check sends every game page (and a bet posted to it) to /reality-check without JavaScript,
// acknowledging there goes back to the same-site game, and the setting and history pages. Real database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { ensureCrashGame } from "#app/modules/games/house/crash/test-helpers.ts";
import { ensureHouseGames, fundedPlayer, mainBalance } from "#app/modules/games/house/test-helpers.ts";
import { ensureLaunchProviders, SIM_GAME } from "#app/modules/games/launch-test-helpers.ts";
import { gameLaunches } from "#app/modules/games/schema.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { hashToken } from "#app/modules/sessions/sessions.server.ts";
import * as history from "#app/routes/account/responsible-gaming/history.tsx";
import * as interstitial from "#app/routes/account/responsible-gaming/reality-interstitial.tsx";
import * as setting from "#app/routes/account/responsible-gaming/reality-check.tsx";
import * as crash from "#app/routes/games/house-crash.tsx";
import * as dice from "#app/routes/games/house-dice.tsx";
import * as gamerun from "#app/routes/games/gamerun.tsx";
import * as mines from "#app/routes/games/house-mines.tsx";
import * as transactions from "#app/routes/payments/transaction-record.tsx";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";
import { setRealityMinutes } from "./reality.server.ts";

beforeAll(async () => {
  await ensureHouseGames();
  await ensureCrashGame();
  await ensureLaunchProviders();
});
afterAll(closeIdleConnections);

/** A funded player who logged in `minutesAgo` minutes ago with checks every `interval` minutes. */
async function playing(interval: 0 | 15 | 30 | 60, minutesAgo: number) {
  const player = await fundedPlayer(100_000n);
  const { token, cookie } = await sessionFor(player);
  const loginAt = new Date(Date.now() - minutesAgo * 60_000);
  await setRealityMinutes(player.id, token, interval, loginAt);
  await db
    .update(sessions)
    .set({ createdAt: loginAt, realityAckAt: null })
    .where(eq(sessions.id, hashToken(token)));
  return { player, token, cookie };
}

const toInterstitial = (path: string) => `/reality-check?${new URLSearchParams({ redirectTo: path })}`;

describe("a due reality check without JavaScript", () => {
  it("sends each game page to the interstitial and back to the same page", async () => {
    const { cookie } = await playing(15, 16);
    for (const [route, path] of [
      [dice, "/house/dice"],
      [mines, "/house/mines"],
      [crash, "/house/crash"],
      [gamerun, `/gamerun?code=${SIM_GAME}&from=%2Fgames`],
    ] as const) {
      const out = await call(route, path, { cookie });
      expect(out.status, path).toBe(302);
      expect(out.headers.get("location"), path).toBe(toInterstitial(path));
    }
  });

  it("refuses a bet posted while a check is due, takes none, and the acknowledgement returns to the game", async () => {
    const { player, cookie } = await playing(15, 16);
    const before = await mainBalance(player.id);
    const bet = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "50", direction: "under" } });
    expect(bet.status).toBe(302);
    expect(bet.headers.get("location")).toBe(toInterstitial("/house/dice"));
    expect(await mainBalance(player.id)).toBe(before);

    const page = await call(interstitial, toInterstitial("/house/dice"), { cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ redirectTo: "/house/dice", figures: { elapsed: "16 min", net: "৳0.00", due: true } });

    const ack = await call(interstitial, "/reality-check", { cookie, form: { redirectTo: "/house/dice" } });
    expect(ack.status).toBe(302);
    expect(ack.headers.get("location")).toBe("/house/dice");
    const game = await call(dice, "/house/dice", { cookie });
    expect(game.status).toBe(200);
    const dueAt = Date.parse((game.data as { reality: { dueAt: string } }).reality.dueAt);
    expect(Math.abs(dueAt - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    const played = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "50", direction: "under" } });
    expect(played.status).toBe(200);
    expect(await mainBalance(player.id)).not.toBe(before);
  });

  it("does not spend a provider game's one-time launch before the check", async () => {
    const { player, cookie, token } = await playing(15, 10);
    const post = await call(gamerun, "/gamerun", { cookie, form: { code: SIM_GAME, from: "/games" } });
    const launchPath = post.headers.get("location")!;
    expect(launchPath).toMatch(/^\/gamerun\?launch=/);
    // The check falls due before the game opens: the launch stays unused and opens after the acknowledgement.
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000), realityAckAt: null })
      .where(eq(sessions.id, hashToken(token)));
    const held = await call(gamerun, launchPath, { cookie });
    expect(held.headers.get("location")).toBe(toInterstitial(launchPath));
    const [unused] = await db.select({ usedAt: gameLaunches.usedAt }).from(gameLaunches).where(eq(gameLaunches.playerId, player.id));
    expect(unused!.usedAt).toBeNull();
    const ack = await call(interstitial, "/reality-check", { cookie, form: { redirectTo: launchPath } });
    expect(ack.headers.get("location")).toBe(launchPath);
    const opened = await call(gamerun, launchPath, { cookie });
    expect((opened.data as { view: { kind: string } }).view.kind).toBe("playing");
  });

  it("leaves the game alone a minute before the check, when checks are off, and sends a guest to log in", async () => {
    const early = await playing(15, 14);
    expect((await call(dice, "/house/dice", { cookie: early.cookie })).status).toBe(200);
    const off = await playing(0, 600);
    const out = await call(mines, "/house/mines", { cookie: off.cookie });
    expect(out.status).toBe(200);
    expect((out.data as { reality: { dueAt: string | null } }).reality.dueAt).toBeNull();
    expect((await call(interstitial, "/reality-check")).headers.get("location")).toBe("/login?redirectTo=%2Freality-check");
  });

  it("only goes back to a same-site path, and answers a modal's acknowledgement with the next due time", async () => {
    const { cookie } = await playing(30, 45);
    const evil = await call(interstitial, "/reality-check", { cookie, form: { redirectTo: "//evil.example/x" } });
    expect(evil.headers.get("location")).toBe("/");
    const { cookie: again } = await playing(30, 45);
    const modal = await call(interstitial, "/reality-check", { cookie: again, form: {} });
    expect(modal.status).toBe(200);
    const dueAt = Date.parse((modal.data as { dueAt: string }).dueAt);
    expect(Math.abs(dueAt - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
  });
});

describe("the setting and the history pages", () => {
  it("saves a chosen interval and refuses one that is not offered with a message next to the field", async () => {
    const { cookie } = await playing(0, 5);
    const saved = await call(setting, "/account/responsible-gaming/reality-check", { cookie, form: { minutes: "15" } });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/account/responsible-gaming/reality-check?saved");
    expect((await call(setting, "/account/responsible-gaming/reality-check?saved", { cookie })).data).toMatchObject({ minutes: 15, saved: true });
    const bad = await call(setting, "/account/responsible-gaming/reality-check", { cookie, form: { minutes: "7" } });
    expect(bad.status).toBe(400);
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error.minutes).toEqual(["protectionReality.setting.invalid"]);
    expect((await call(setting, "/account/responsible-gaming/reality-check", { cookie })).data).toMatchObject({ minutes: 15 });
  });

  it("shows net deposits on the account history and the transaction record", async () => {
    const { cookie } = await playing(0, 5);
    const zero = { deposits: "৳0.00", withdrawals: "৳0.00", net: "৳0.00" };
    expect((await call(history, "/account/responsible-gaming/history", { cookie })).data).toMatchObject({
      net: { days30: zero, months12: zero, lifetime: zero },
    });
    expect((await call(transactions, "/transaction-record", { cookie })).data).toMatchObject({ net: { lifetime: zero } });
  });
});
