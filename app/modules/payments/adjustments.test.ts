import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getAccountByCode, getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { adjustBalance } from "./adjustments.server.ts";
import { getTransaction, listTransactions } from "./transactions.server.ts";
import { closeIdleConnections, createPlayer, createSite, createStaff, expectInvariants, expectPaymentError, newKey, taka } from "./test-helpers.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const adjust = (playerId: number, direction: "credit" | "debit", amount: bigint | string, idempotencyKey = newKey()) =>
  adjustBalance({ staffId: staff.id, playerId, direction, amount, reason: "Goodwill", ip: "192.0.2.1", idempotencyKey });

describe("adjustBalance", () => {
  it("credits and debits main through house:adjustments, recorded as an Adjustment the player sees", async () => {
    const player = await createPlayer();
    const house = (await getAccountByCode("house:adjustments", "BDT"))?.posted ?? 0n;
    const { adjustment: credit } = await adjust(player.id, "credit", "1000");
    const { adjustment: debit } = await adjust(player.id, "debit", taka(250));
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(750));
    expect((await getAccountByCode("house:adjustments", "BDT"))!.posted - house).toBe(-taka(750));
    const { items, total } = await listTransactions(player.id, { range: "all", type: "adjustment" });
    expect(total).toBe(2);
    expect(items.map((i) => [i.id, i.direction, i.status])).toEqual([
      [`A${debit.id}`, "debit", "success"],
      [`A${credit.id}`, "credit", "success"],
    ]);
    const details = await getTransaction(player.id, `A${credit.id}`);
    expect(details).toMatchObject({ type: "adjustment", amount: taka(1_000), direction: "credit", status: "success", vipPoints: null });
    // Done when made: no review step, and the staff reason is not shown to the player.
    const at = details!.createdAt;
    expect([details!.updatedAt, details!.timeline]).toEqual([
      at,
      [
        { step: "submitted", at },
        { step: "success", at },
      ],
    ]);
    expect(details!.fields).toEqual([
      { key: "transactionId", value: `A${credit.id}` },
      { key: "amount", value: taka(1_000) },
      { key: "createdAt", value: at },
    ]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(player.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["balance.credit", "balance.debit"]);
  });

  it("a debit can never make main negative", async () => {
    const player = await createPlayer();
    await adjust(player.id, "credit", "100");
    const e = await expectPaymentError(adjust(player.id, "debit", "100.01"), "insufficient_balance", "payments.errors.adjustmentBelowZero");
    expect(e.params).toEqual({ available: "100" });
    // Concurrent debits: only what is there can be taken.
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => adjust(player.id, "debit", "30")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(10));
    expect((await listTransactions(player.id, { range: "all" })).total).toBe(4);
  });

  it("the same idempotency key adjusts once; bad input is refused", async () => {
    const player = await createPlayer();
    const key = newKey();
    const [a, b] = await Promise.all([adjust(player.id, "credit", "500", key), adjust(player.id, "credit", "500", key)]);
    expect(a.adjustment.id).toBe(b.adjustment.id);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(500));
    await expectPaymentError(adjust(player.id, "credit", "0"), "invalid_amount");
    await expectPaymentError(adjust(player.id, "credit", "20000000"), "invalid_amount", "payments.errors.amountTooLarge");
    await expectPaymentError(adjust(player.id, "sideways" as "credit", "10"), "invalid_input");
    await expectPaymentError(
      adjustBalance({ staffId: staff.id, playerId: player.id, direction: "credit", amount: "10", reason: " ", idempotencyKey: newKey() }),
      "reason_required",
    );
    await expectPaymentError(adjust(999_999_999, "credit", "10"), "not_found");
  });
});
