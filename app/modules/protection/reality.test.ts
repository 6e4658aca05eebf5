// Reality checks: when one is due (the boundaries, acknowledging, off), the clock and figures of the player's own
// session on the real database, acknowledging only one's own session, and 50 acknowledgements at once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { ensureHouseGames } from "#app/modules/games/house/test-helpers.ts";
import { gameRounds } from "#app/modules/games/schema.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { createSession, hashToken } from "#app/modules/sessions/sessions.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { durationParts } from "./reality-format.ts";
import { isRealityDue, realityDueAt } from "./reality.ts";
import { acknowledgeReality, getRealityMinutes, realityFigures, realityState, setRealityMinutes } from "./reality.server.ts";

/** A signed figure as the check shows it. */
const signedTaka = (poisha: bigint) => takaText(poisha, { plus: true });

const LOGIN = new Date("2026-11-23T10:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(LOGIN.getTime() + minutes * 60_000 + seconds * 1000);

afterAll(closeIdleConnections);

describe("due logic", () => {
  const clock = { sessionStart: LOGIN, ackAt: null, minutes: 15 };

  it("is not due at 14:59 and is due at 15:00 after the log-in", () => {
    expect(isRealityDue(clock, at(14, 59))).toBe(false);
    expect(isRealityDue(clock, at(15))).toBe(true);
    expect(realityDueAt(clock)).toEqual(at(15));
  });

  it("after an acknowledgement the next one is one interval later", () => {
    const acked = { ...clock, ackAt: at(16) };
    expect(realityDueAt(acked)).toEqual(at(31));
    expect(isRealityDue(acked, at(30, 59))).toBe(false);
    expect(isRealityDue(acked, at(31))).toBe(true);
  });

  it("an acknowledgement older than the log-in does not move the clock back", () => {
    expect(realityDueAt({ ...clock, ackAt: at(-60) })).toEqual(at(15));
  });

  it("off is never due, nor is an interval that is not offered", () => {
    expect(realityDueAt({ ...clock, minutes: 0 })).toBeNull();
    expect(isRealityDue({ ...clock, minutes: 0 }, at(100_000))).toBe(false);
    expect(isRealityDue({ ...clock, minutes: 7 }, at(100_000))).toBe(false);
  });

  it("30 and 60 minutes", () => {
    expect(realityDueAt({ ...clock, minutes: 30 })).toEqual(at(30));
    expect(realityDueAt({ ...clock, minutes: 60 })).toEqual(at(60));
  });
});

describe("what a check shows", () => {
  it("signs the net figure and splits the time since log-in into hours and minutes", () => {
    expect(signedTaka(7_000n)).toBe("+৳70.00");
    expect(signedTaka(-123_456_78n)).toBe("−৳123,456.78");
    expect(signedTaka(0n)).toBe("৳0.00");
    expect(durationParts(59_999)).toEqual({ h: 0, m: 0 });
    expect(durationParts(65 * 60_000 + 59_000)).toEqual({ h: 1, m: 5 });
  });
});

/** A player logged in at LOGIN with the given interval. */
async function loggedIn(minutes: 0 | 15 | 30 | 60) {
  const player = await createPlayer();
  const { token } = await createSession(player.id);
  await db
    .update(sessions)
    .set({ createdAt: LOGIN })
    .where(eq(sessions.id, hashToken(token)));
  if (minutes) await setRealityMinutes(player.id, token, minutes, LOGIN);
  return { player, token };
}

describe("the session's clock", () => {
  beforeAll(ensureHouseGames);

  it("runs from the log-in, and acknowledging restarts it for this session only", async () => {
    const { player, token } = await loggedIn(15);
    const { token: otherDevice } = await createSession(player.id);
    await db
      .update(sessions)
      .set({ createdAt: LOGIN })
      .where(eq(sessions.id, hashToken(otherDevice)));

    expect((await realityState(player.id, token, at(14, 59)))?.due).toBe(false);
    expect((await realityState(player.id, token, at(15)))?.due).toBe(true);

    const acked = await acknowledgeReality(player.id, token, at(16));
    expect(acked).toMatchObject({ due: false, dueAt: at(31) });
    expect((await realityState(player.id, token, at(30, 59)))?.due).toBe(false);
    expect((await realityState(player.id, token, at(31)))?.due).toBe(true);
    // The player's other session keeps its own clock.
    expect((await realityState(player.id, otherDevice, at(16)))?.due).toBe(true);
  });

  it("is never due while off", async () => {
    const { player, token } = await loggedIn(0);
    expect(await getRealityMinutes(player.id)).toBe(0);
    expect(await realityState(player.id, token, at(10_000))).toMatchObject({ due: false, dueAt: null });
  });

  it("saving a new interval upserts it and restarts the clock", async () => {
    const { player, token } = await loggedIn(15);
    await setRealityMinutes(player.id, token, 60, at(40));
    expect(await getRealityMinutes(player.id)).toBe(60);
    expect(await realityState(player.id, token, at(99, 59))).toMatchObject({ due: false, dueAt: at(100) });
    await setRealityMinutes(player.id, token, 0, at(41));
    expect(await getRealityMinutes(player.id)).toBe(0);
  });

  it("another player's session can be neither read nor acknowledged", async () => {
    const a = await loggedIn(15);
    const b = await loggedIn(15);
    expect(await realityState(b.player.id, a.token, at(20))).toBeUndefined();
    expect(await acknowledgeReality(b.player.id, a.token, at(20))).toBeUndefined();
    await setRealityMinutes(b.player.id, a.token, 15, at(20)); // saves b's setting, leaves a's session alone
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(a.token)));
    expect(row!.realityAckAt).toEqual(LOGIN);
    expect((await realityState(a.player.id, a.token, at(20)))?.due).toBe(true);
  });

  it("50 acknowledgements at once are harmless and a late one never moves the clock back", async () => {
    const { player, token } = await loggedIn(15);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => acknowledgeReality(player.id, token, at(20, i % 5))));
    expect(results.every((r) => r && !r.due)).toBe(true);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    expect(row!.realityAckAt).toEqual(at(20, 4));
    await acknowledgeReality(player.id, token, at(18));
    expect((await realityState(player.id, token, at(20)))?.dueAt).toEqual(at(35, 4));
  });

  it("shows the time since log-in and the net win/loss of the rounds since then", async () => {
    const provider = await ensureHouseGames();
    const { player, token } = await loggedIn(15);
    let seq = 0;
    const round = (createdAt: Date, stake: bigint, payout: bigint, status: "settled" | "open" | "rolled_back" = "settled") =>
      db.insert(gameRounds).values({
        providerId: provider.id,
        playerId: player.id,
        roundId: `rc${player.id}-${++seq}`,
        gameCode: "HOUSE-ARCADE-DICE",
        gameType: "ARCADE",
        platform: "HOUSE",
        currency: "BDT",
        stake,
        payout,
        status,
        createdAt,
      });
    await round(at(-1), 100_00n, 0n); // before the log-in: not counted
    await round(at(1), 50_00n, 120_00n); // +70
    await round(at(2), 30_00n, 0n); // -30
    await round(at(3), 10_00n, 0n, "open"); // stake taken, not settled yet: -10
    await round(at(4), 99_00n, 0n, "rolled_back"); // stake given back: not counted
    const other = await createPlayer();
    await db.insert(gameRounds).values({
      providerId: provider.id,
      playerId: other.id,
      roundId: `rc-other-${other.id}`,
      gameCode: "HOUSE-ARCADE-DICE",
      gameType: "ARCADE",
      platform: "HOUSE",
      currency: "BDT",
      stake: 500_00n,
      createdAt: at(2),
    });
    const figures = await realityFigures(player.id, token, at(65));
    expect(figures).toMatchObject({ elapsedMs: 65 * 60_000, netWinLoss: 30_00n, due: true });
    expect(await realityFigures(other.id, token, at(65))).toBeUndefined();
  });
});
