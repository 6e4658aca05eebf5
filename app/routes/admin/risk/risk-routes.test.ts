// /admin/risk and /admin/players/:id/risk: roles, the thresholds form (admin only), opening and clearing a review,
// and the finance queue holding the player's withdrawal meanwhile.
import { answerInEnglish } from "#app/i18n/test-helpers.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import { closeIdleConnections, createMethodWithNumbers, createPlayer, createSite, newKey, taka } from "#app/modules/payments/test-helpers.ts";
import { playerReviews } from "#app/modules/risk/schema.ts";
import { raiseSignal } from "#app/modules/risk/signals.server.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as withdrawalsPage from "../payments/withdrawals.tsx";
import * as playerRisk from "../players/risk.tsx";
import * as risk from "./risk.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

let admin: string;
let finance: string;
let support: string;

beforeAll(async () => {
  await createSite();
  await ensureSeedAdmin(db, "AdminPass12345");
  await staffMember("finance", "finance1", "FinancePass1", "Fin");
  await staffMember("support", "support1", "SupportPass1", "Sup");
  admin = await staffCookie("admin", "AdminPass12345");
  finance = await staffCookie("finance1", "FinancePass1");
  support = await staffCookie("support1", "SupportPass1");
});
afterAll(closeIdleConnections);

type RiskPage = { signals: { playerId: number; kind: string; text: string }[]; isAdmin: boolean };

describe("/admin/risk", () => {
  it("is for admin and finance only", async () => {
    expect((await callRoute(risk, "/admin/risk")).status).toBe(302);
    expect((await callRoute(risk, "/admin/risk", { cookie: support })).status).toBe(403);
    expect((await callRoute(playerRisk, "/admin/players/1/risk", { cookie: support, params: { id: "1" } })).status).toBe(403);
  });

  it("lists open signals with their evidence in words, filtered by kind", async () => {
    const p = await createPlayer();
    await raiseSignal(db, {
      playerId: p.id,
      kind: "split_deposits",
      fingerprint: `route:${p.id}`,
      evidence: {
        depositIds: [1, 2, 3],
        amounts: ["800000", "800000", "800000"],
        total: "2400000",
        threshold: "2000000",
        from: new Date().toISOString(),
        to: new Date().toISOString(),
      },
    });
    const out = await callRoute(risk, "/admin/risk?kind=split_deposits", { cookie: finance });
    expect(out.status).toBe(200);
    const page = out.data as RiskPage;
    expect(page.isAdmin).toBe(false);
    const mine = page.signals.find((s) => s.playerId === p.id);
    expect(mine?.text).toContain("each under ৳20,000, together ৳24,000");
    const other = (await callRoute(risk, "/admin/risk?kind=trx_reuse", { cookie: finance })).data as RiskPage;
    expect(other.signals.some((s) => s.playerId === p.id)).toBe(false);
  });

  it("lets only an admin change the thresholds, with messages by field", async () => {
    const form = {
      intent: "settings",
      lowPlayRatio: "0.4",
      cyclingCount: "3",
      cyclingWindowHours: "24",
      splitThreshold: "20000",
      splitCount: "3",
      lossThreshold: "50000",
      lossWindowHours: "24",
      sharedIpAccounts: "3",
    };
    const refused = await callRoute(risk, "/admin/risk", { cookie: finance, form });
    expect(refused.status).toBe(403);
    const bad = await callRoute(risk, "/admin/risk", { cookie: admin, form: { ...form, lowPlayRatio: "2", splitCount: "" } });
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: Record<string, string[]> }).errors).toMatchObject({
      lowPlayRatio: ["risk.errors.ratio"],
      splitCount: ["risk.errors.whole"],
    });
    const saved = await callRoute(risk, "/admin/risk", { cookie: admin, form });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/risk?notice=settings#settings");
  });
});

describe("a player's risk tab", () => {
  it("opens a review (reason required), holds the withdrawal in the finance queue, and clears it", async () => {
    const ctx = await createMethodWithNumbers();
    const p = await createPlayer();
    await transfer({
      key: `route:fund:${p.id}`,
      debit: `clearing:deposits:${ctx.method.id}`,
      credit: `player:${p.id}:main`,
      amount: taka(5_000),
      currency: "BDT",
      kind: "deposit",
    });
    const { withdrawal } = await requestWithdrawal(p.id, { methodId: ctx.method.id, amount: "1000", idempotencyKey: newKey() });
    const path = `/admin/players/${p.id}/risk`;
    const call = (form?: Record<string, string>) => callRoute(playerRisk, path, { cookie: finance, params: { id: String(p.id) }, form });
    const queueRow = async () =>
      (
        (await callRoute(withdrawalsPage, "/admin/finance/withdrawals", { cookie: finance })).data as { rows: { id: number; held: boolean }[] }
      ).rows.find((r) => r.id === withdrawal.id);

    expect((await callRoute(playerRisk, "/admin/players/2000000000/risk", { cookie: finance, params: { id: "2000000000" } })).status).toBe(404);
    const empty = await call({ intent: "open", reason: "  " });
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string[]> }).errors).toEqual({ reason: ["risk.errors.noteRequired"] });

    const opened = await call({ intent: "open", reason: "Many accounts on one phone" });
    expect(opened.headers.get("location")).toBe(`${path}?notice=opened`);
    expect((await queueRow())?.held).toBe(true);
    const approve = await callRoute(withdrawalsPage, "/admin/finance/withdrawals", {
      cookie: finance,
      form: { intent: "approve", id: String(withdrawal.id), payoutReference: "PAY-9" },
    });
    expect(approve.status).toBe(400);
    expect(answerInEnglish(approve.data)).toContain("Held — the player is under AML review");

    expect((await call({ intent: "clear", reason: "" })).status).toBe(400);
    const cleared = await call({ intent: "clear", reason: "Family phone, documents seen" });
    expect(cleared.headers.get("location")).toBe(`${path}?notice=cleared`);
    expect((await call({ intent: "clear", reason: "again" })).status).toBe(409);
    expect((await queueRow())?.held).toBe(false);
    const [review] = await db.select().from(playerReviews).where(eq(playerReviews.playerId, p.id));
    expect(review).toMatchObject({ status: "cleared", openReason: "Many accounts on one phone", clearReason: "Family phone, documents seen" });
  });
});
