import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { listActivePromotions } from "#app/modules/promotions/promotions.server.ts";
import { listDepositChannels, listPaymentMethods, listWalletNumbers } from "./methods.server.ts";
import { seedPaymentsDemo } from "./seed.server.ts";
import { gatewayChannel } from "./gateway-deposits.server.ts";
import { closeIdleConnections, taka } from "./test-helpers.ts";

afterAll(closeIdleConnections);

describe("seedPaymentsDemo", () => {
  it("seeds wallet numbers per method and two promotions, once", async () => {
    await seedDemoContent(db);
    expect(await seedPaymentsDemo()).toBe(true);
    expect(await seedPaymentsDemo()).toBe(false);
    const methods = await listPaymentMethods({ activeOnly: true });
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) {
      expect(await listDepositChannels(m.id)).toEqual([
        { type: "Agent", label: "CashOut", min: taka(500), max: taka(25_000) },
        { type: "Personal", label: "Send Money", min: taka(500), max: taka(10_000) },
      ]);
    }
    expect((await listWalletNumbers()).length).toBe(methods.length * 4);
    expect(await listActivePromotions()).toHaveLength(2);
    // Nagad takes deposits through the simulated gateway's checkout: one channel, the checkout's range.
    const nagad = methods.find((m) => m.name === "Nagad")!;
    expect(await gatewayChannel(nagad.id)).toEqual({ min: taka(500), max: taka(25_000) });
    expect(await gatewayChannel(methods.find((m) => m.name === "bKash")!.id)).toBeNull();
  });
});
