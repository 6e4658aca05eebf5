import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { walletBet, walletWin } from "#app/modules/games/wallet.server.ts";
import { balances, createProvider, fundedPlayer, GAME, PLATFORM, sessionToken } from "#app/modules/games/wallet/test-helpers.ts";
import { closeIdleConnections, expectInvariants } from "#app/modules/ledger/test-helpers.ts";
import { createSite, setSettings } from "#app/modules/payments/test-helpers.ts";
import { takeTimeOut } from "./exclusions.server.ts";
import { changeLimit } from "./limits.server.ts";
import { checkBeforeStake, checkStake } from "./stake-check.server.ts";

let seq = 0;
const bet = async (playerId: number, amount: bigint) => {
  const n = ++seq;
  const token = await sessionToken(playerId);
  return walletBet({ platform: PLATFORM, playerId, roundId: `rg${n}`, gameCode: GAME, txnId: `rgb${n}`, amount, token });
};

afterAll(closeIdleConnections);
beforeAll(async () => {
  await createProvider();
});

describe("checkStake", () => {
  it("costs nothing and refuses nothing without limits", async () => {
    const player = await fundedPlayer(10_000n);
    expect(await checkStake(db, player, 5_000n)).toBeNull();
    expect(await bet(player, 5_000n)).toMatchObject({ ok: true });
  });

  it("refuses a bet that would break a stake limit, with the limit, what is left and when it frees up", async () => {
    const player = await fundedPlayer(100_000n);
    await changeLimit(player, { kind: "stake", period: "day" }, 10_000n);
    expect(await bet(player, 6_000n)).toMatchObject({ ok: true });
    expect(await bet(player, 4_000n)).toMatchObject({ ok: true }); // exactly at the limit
    const refused = await bet(player, 1n);
    expect(refused).toMatchObject({ ok: false, code: "limit_exceeded", limit: { kind: "stake", period: "day", limit: 10_000n, remaining: 0n } });
    expect(!refused.ok && refused.message).toMatch(
      /24-hour stake limit of ৳100: ৳0 left\. Enough of it frees up at \d{4}-\d\d-\d\d \d\d:\d\d \(Dhaka time\)/,
    );
    expect(await balances(player)).toEqual({ main: 90_000n, bonus: 0n });
  });

  it("refuses a bet whose loss would break a loss limit; wins make room", async () => {
    const player = await fundedPlayer(100_000n);
    await changeLimit(player, { kind: "loss", period: "week" }, 5_000n);
    seq++;
    const round = `rgl${seq}`;
    const call = { platform: PLATFORM, playerId: player, roundId: round, gameCode: GAME, token: await sessionToken(player) };
    expect(await walletBet({ ...call, txnId: `${round}b`, amount: 4_000n })).toMatchObject({ ok: true });
    // ৳40 lost so far (open round, no payout): a ৳10.01 stake could make the loss ৳50.01.
    expect(await bet(player, 1_001n)).toMatchObject({ ok: false, code: "limit_exceeded", limit: { kind: "loss", remaining: 1_000n } });
    expect(await walletWin({ ...call, txnId: `${round}w`, amount: 3_000n, betTxnId: `${round}b` })).toMatchObject({ ok: true });
    // Loss now ৳10: ৳40 more fits.
    expect(await bet(player, 4_000n)).toMatchObject({ ok: true });
    expect(await bet(player, 1n)).toMatchObject({ ok: false, code: "limit_exceeded" });
  });

  it("takes exactly the parallel bets that fit a stake limit", async () => {
    const player = await fundedPlayer(1_000_000n);
    await changeLimit(player, { kind: "stake", period: "month" }, 7_000n);
    const results = await Promise.all(Array.from({ length: 50 }, () => bet(player, 500n)));
    expect(results.filter((r) => r.ok)).toHaveLength(14);
    expect(results.filter((r) => !r.ok && r.code === "limit_exceeded")).toHaveLength(36);
    expect(await balances(player)).toEqual({ main: 993_000n, bonus: 0n });
    await expectInvariants();
  });

  it("refuses every bet of a player under a time-out, and takes nothing", async () => {
    const player = await fundedPlayer(10_000n);
    await takeTimeOut(player, "24h");
    expect(await bet(player, 100n)).toMatchObject({ ok: false, code: "player_blocked" });
    expect(await checkBeforeStake(db, player, 100n)).toEqual({ reason: "excluded" });
    expect(await balances(player)).toEqual({ main: 10_000n, bonus: 0n });
  });

  it("in real-money mode refuses bets until the operator's identity checks are done; demo mode needs none", async () => {
    const player = await fundedPlayer(10_000n);
    try {
      await createSite();
      await setSettings({ mode: "real", requiredVerifications: ["phone"] });
      const refused = await bet(player, 100n);
      expect(refused).toMatchObject({ ok: false, code: "verification_needed" });
      expect(await checkBeforeStake(db, player, 100n)).toMatchObject({ reason: "identity", missing: expect.arrayContaining(["phone"]) });
      expect(await balances(player)).toEqual({ main: 10_000n, bonus: 0n });
    } finally {
      await setSettings({ mode: "demo", requiredVerifications: [] });
    }
    expect(await bet(player, 100n)).toMatchObject({ ok: true });
  });
});
