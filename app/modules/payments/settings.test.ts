import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { listPaymentMethods, listWalletNumbers, savePaymentMethod, saveWalletNumber } from "./methods.server.ts";
import { closeIdleConnections, createMethod, createStaff, expectPaymentError, taka } from "./test-helpers.ts";

afterAll(closeIdleConnections);

describe("back-office settings", () => {
  it("saves wallet numbers with checks, audited", async () => {
    const staff = await createStaff();
    const m = await createMethod();
    const input = {
      methodId: m.id,
      channelType: "Agent" as const,
      accountNumber: "01711112222",
      minAmount: taka(500),
      maxAmount: taka(25_000),
      dailyCap: null,
      active: true,
      staffId: staff.id,
      ip: "192.0.2.7",
    };
    const w = await saveWalletNumber(input);
    expect(w).toMatchObject({ accountNumber: "01711112222", active: true });
    const updated = await saveWalletNumber({ ...input, id: w.id, active: false, dailyCap: taka(100_000) });
    expect(updated).toMatchObject({ id: w.id, active: false, dailyCap: taka(100_000) });
    expect((await listWalletNumbers()).find((r) => r.id === w.id)).toMatchObject({ methodName: m.name, usedToday: 0n });
    const audits = await db.select().from(auditLog).where(eq(auditLog.entity, "wallet_number"));
    expect(audits.map((a) => a.action)).toEqual(["wallet_number.create", "wallet_number.update"]);
    expect(audits[1]!.after).toEqual({ active: false, dailyCap: String(taka(100_000)) });

    expect((await expectPaymentError(saveWalletNumber({ ...input }), "invalid_input", "payments.errors.walletNumberTaken")).field).toBe(
      "accountNumber",
    );
    expect((await expectPaymentError(saveWalletNumber({ ...input, accountNumber: "12345" }), "invalid_input")).field).toBe("accountNumber");
    expect(
      (await expectPaymentError(saveWalletNumber({ ...input, accountNumber: "01711113333", maxAmount: taka(100) }), "invalid_amount")).field,
    ).toBe("maxAmount");
    expect((await expectPaymentError(saveWalletNumber({ ...input, accountNumber: "01711113333", minAmount: -1n }), "invalid_amount")).field).toBe(
      "minAmount",
    );
    await expectPaymentError(saveWalletNumber({ ...input, methodId: 999_999 }), "invalid_method");
    await expectPaymentError(saveWalletNumber({ ...input, channelType: "Bank" as "Agent" }), "invalid_channel");
    await expectPaymentError(saveWalletNumber({ ...input, id: 999_999, accountNumber: "01711113333" }), "not_found");
  });

  it("saves payment methods, refusing unsafe icons", async () => {
    const staff = await createStaff();
    const m = await savePaymentMethod({ name: "SureCash", icon: "/demo/payments/surecash.svg", status: "active", staffId: staff.id });
    expect((await listPaymentMethods()).map((x) => x.id)).toContain(m.id);
    await savePaymentMethod({ id: m.id, name: "SureCash", icon: "/demo/payments/surecash.svg", status: "inactive", staffId: staff.id });
    expect((await listPaymentMethods()).map((x) => x.id)).not.toContain(m.id);
    expect((await listPaymentMethods({ activeOnly: false, dedupe: false })).map((x) => x.id)).toContain(m.id);
    await expectPaymentError(
      savePaymentMethod({ name: "X", icon: "javascript:alert(1)", status: "active", staffId: staff.id }),
      "invalid_input",
      "payments.errors.iconInvalid",
    );
    await expectPaymentError(
      savePaymentMethod({ name: " ", icon: "/x.svg", status: "active", staffId: staff.id }),
      "invalid_input",
      "payments.errors.methodNameRequired",
    );
  });

  it("keeps a method's tile tag ('+2%'): trimmed, cleared when empty, refused when long or with markup", async () => {
    const staff = await createStaff();
    const input = { name: "Bank Transfer", icon: "/demo/payments/bank.svg", status: "active" as const, staffId: staff.id };
    const m = await savePaymentMethod({ ...input, tag: " +2% " });
    expect(m.tag).toBe("+2%");
    expect((await listPaymentMethods()).find((x) => x.id === m.id)?.tag).toBe("+2%");
    for (const bad of ["+2% bonus today!", "<b>2%</b>", "2%\u0007"]) {
      const e = await expectPaymentError(savePaymentMethod({ ...input, id: m.id, tag: bad }), "invalid_input", "payments.errors.methodTagInvalid");
      expect(e.field).toBe("tag");
    }
    expect((await savePaymentMethod({ ...input, id: m.id, tag: "" })).tag).toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "payment_method"), eq(auditLog.entityId, String(m.id)), eq(auditLog.action, "payment_method.update")));
    expect(entry).toMatchObject({ before: { tag: "+2%" }, after: { tag: null } });
  });
});
