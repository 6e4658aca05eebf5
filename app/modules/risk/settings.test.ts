import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections, createStaff } from "#app/modules/payments/test-helpers.ts";
import { amlSignals } from "#app/modules/risk/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { describeEvidence } from "./describe.server.ts";
import { getRiskSettings, toThresholds, updateRiskSettings } from "./settings.server.ts";
import { deposit, player, runJob, taka, timeline } from "./test-helpers.ts";
import { riskSettingsSchema } from "./validation.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  staff = await createStaff();
});
afterAll(closeIdleConnections);

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  const all = {
    intent: "settings",
    lowPlayRatio: "0.3",
    cyclingCount: "3",
    cyclingWindowHours: "24",
    splitThreshold: "20,000",
    splitCount: "3",
    lossThreshold: "50000",
    lossWindowHours: "24",
    sharedIpAccounts: "3",
    ...values,
  };
  for (const [k, v] of Object.entries(all)) fd.set(k, v);
  return parseWithZod(fd, { schema: riskSettingsSchema });
};

describe("risk thresholds", () => {
  it("start with the defaults and refuse bad values by field", async () => {
    expect(await getRiskSettings()).toMatchObject({ lowPlayRatioHundredths: 30, splitThreshold: taka(20_000), splitCount: 3, sharedIpAccounts: 3 });
    const bad = form({ lowPlayRatio: "1.5", splitCount: "1", splitThreshold: "-5", cyclingWindowHours: "x" });
    expect(bad.status).toBe("error");
    expect(Object.keys(bad.reply().error ?? {}).sort()).toEqual(["cyclingWindowHours", "lowPlayRatio", "splitCount", "splitThreshold"]);
    const ok = form({ lowPlayRatio: "0.25" });
    expect(ok.status === "success" && toThresholds(ok.value)).toMatchObject({
      lowPlayRatioHundredths: 25,
      splitThreshold: taka(20_000),
      lossThreshold: taka(50_000),
    });
  });

  it("are saved with an audit row of what changed, and the job uses them", async () => {
    const parsed = form({ splitCount: "2", splitThreshold: "10000" });
    if (parsed.status !== "success") throw new Error("form refused");
    expect(await updateRiskSettings({ id: staff.id, ip: "203.0.113.9" }, toThresholds(parsed.value))).toEqual({ changed: true });
    expect(await updateRiskSettings({ id: staff.id, ip: null }, toThresholds(parsed.value))).toEqual({ changed: false });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "risk.settings.update"), eq(auditLog.staffId, staff.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ splitCount: 2, splitThreshold: String(taka(10_000)) });

    const at = timeline();
    const p = await player(at(0));
    await deposit(p.id, taka(6_000), at(1));
    await deposit(p.id, taka(6_000), at(2));
    await runJob();
    const [signal] = await db
      .select()
      .from(amlSignals)
      .where(and(eq(amlSignals.playerId, p.id), eq(amlSignals.kind, "split_deposits")));
    expect(signal?.evidence).toMatchObject({ threshold: String(taka(10_000)), total: String(taka(12_000)) });
  });

  it("evidence reads as words with taka amounts and Dhaka times", () => {
    const t = ((key: string, params: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`) as never;
    const text = describeEvidence(t, {
      kind: "split_deposits",
      evidence: {
        depositIds: [4, 5],
        amounts: ["600000", "600000"],
        total: "1200000",
        threshold: "1000000",
        from: "2026-01-01T18:30:00Z",
        to: "2026-01-01T19:00:00Z",
      },
    });
    expect(text).toContain('"deposits":"D4 ৳6,000, D5 ৳6,000"');
    expect(text).toContain('"total":"৳12,000"');
    expect(text).toContain('"from":"2026-01-02 00:30"');
  });
});
