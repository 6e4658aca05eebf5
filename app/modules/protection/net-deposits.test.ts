// Net deposits on a crafted history: only approved deposits and paid withdrawals count, each in the windows its
// review date falls in (30 days, 12 months, lifetime), and only the player's own.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { deposits, withdrawals } from "#app/modules/payments/schema.ts";
import { closeIdleConnections, createMethodWithNumbers, createPlayer, newKey, newTrx, taka } from "#app/modules/payments/test-helpers.ts";
import { netDeposits } from "./net-deposits.server.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

afterAll(closeIdleConnections);

async function history() {
  const { method, agent } = await createMethodWithNumbers();
  const player = await createPlayer();
  const deposit = (amount: number, status: "approved" | "rejected" | "pending", reviewedAt: Date | null, playerId = player.id) =>
    db.insert(deposits).values({
      playerId,
      methodId: method.id,
      walletNumberId: agent.id,
      channelType: "Agent",
      amount: taka(amount),
      currency: "BDT",
      senderNumber: "01700000000",
      trxId: newTrx(),
      proofFile: "x.png",
      proofMime: "image/png",
      status,
      bonusAmount: status === "approved" ? 0n : null,
      rejectReason: status === "rejected" ? "no" : null,
      idempotencyKey: newKey(),
      reviewedAt,
      createdAt: reviewedAt ?? daysAgo(1),
    });
  const withdrawal = (amount: number, status: "approved" | "rejected" | "pending", reviewedAt: Date | null) =>
    db.insert(withdrawals).values({
      playerId: player.id,
      methodId: method.id,
      amount: taka(amount),
      currency: "BDT",
      accountNumber: "01700000000",
      status,
      payoutReference: status === "approved" ? "PAID1" : null,
      rejectReason: status === "rejected" ? "no" : null,
      idempotencyKey: newKey(),
      reviewedAt,
      createdAt: reviewedAt ?? daysAgo(1),
    });
  return { player, deposit, withdrawal };
}

describe("netDeposits", () => {
  it("counts approved deposits and paid withdrawals per window; pending and rejected ones moved no money", async () => {
    const { player, deposit, withdrawal } = await history();
    await deposit(1_000, "approved", daysAgo(2));
    await deposit(5_000, "rejected", daysAgo(2));
    await deposit(7_000, "pending", null);
    await withdrawal(300, "approved", daysAgo(1)); // paid
    await withdrawal(900, "pending", null); // only held
    await withdrawal(800, "rejected", daysAgo(1));
    await deposit(2_000, "approved", daysAgo(40));
    await withdrawal(500, "approved", daysAgo(40));
    await deposit(4_000, "approved", daysAgo(400));

    expect(await netDeposits(player.id, NOW)).toEqual({
      days30: { deposits: taka(1_000), withdrawals: taka(300), net: taka(700) },
      months12: { deposits: taka(3_000), withdrawals: taka(800), net: taka(2_200) },
      lifetime: { deposits: taka(7_000), withdrawals: taka(800), net: taka(6_200) },
    });
  });

  it("puts a review exactly 30 days ago outside the 30 days and ignores the future and other players", async () => {
    const { player, deposit, withdrawal } = await history();
    const other = await createPlayer();
    await deposit(100, "approved", daysAgo(30));
    await deposit(200, "approved", new Date(daysAgo(30).getTime() + 1));
    await withdrawal(1_000, "approved", daysAgo(3)); // more out than in: negative net
    await deposit(50_000, "approved", daysAgo(1), other.id);
    await deposit(400, "approved", new Date(NOW.getTime() + 60_000)); // after `now`
    const net = await netDeposits(player.id, NOW);
    expect(net.days30).toEqual({ deposits: taka(200), withdrawals: taka(1_000), net: taka(-800) });
    expect(net.lifetime).toEqual({ deposits: taka(300), withdrawals: taka(1_000), net: taka(-700) });
  });

  it("is zero for a player without money movements", async () => {
    const player = await createPlayer();
    const zero = { deposits: 0n, withdrawals: 0n, net: 0n };
    expect(await netDeposits(player.id, NOW)).toEqual({ days30: zero, months12: zero, lifetime: zero });
  });
});
