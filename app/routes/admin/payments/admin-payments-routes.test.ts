// The finance pages of the back office, called as React Router calls them (i18n middleware, staff cookie, form
// posts): who may look and act, what each action moves, its audit row, and clean 4xx answers for bad input.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { db } from "#app/db/db.server.ts";
import { i18nextMiddleware } from "#app/i18n/i18n.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { adjustments, deposits, paymentMethods, walletNumbers, withdrawals } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  depositFor,
  expectInvariants,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import { promotions } from "#app/modules/promotions/schema.ts";
import { type StaffRole } from "#app/modules/staff/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import * as adjustmentsRoute from "./adjustments.tsx";
import * as proofRoute from "./deposit-proof.ts";
import * as depositsRoute from "./deposits.tsx";
import * as methodsRoute from "./payment-methods.tsx";
import * as checkoutsRoute from "./checkouts.tsx";
import * as promotionEditRoute from "./promotion-edit.tsx";
import * as promotionsRoute from "./promotions.tsx";
import * as withdrawalsRoute from "./withdrawals.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

type Handler = (args: never) => unknown;

type Outcome = { status: number; location?: string | null; data?: unknown; response?: Response };

/** Runs a loader or action behind the i18n middleware, like React Router; thrown redirects and 4xx are outcomes. */
async function call(
  handler: Handler,
  path: string,
  init: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Outcome> {
  const headers = new Headers({ "x-client-ip": "10.7.0.1" });
  if (init.cookie) headers.set("cookie", init.cookie);
  const request = new Request(`http://localhost${path}`, init.form ? { method: "POST", headers, body: new URLSearchParams(init.form) } : { headers });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const args = { request, url, params: init.params ?? {}, context, pattern: url.pathname };
  let result: unknown;
  await i18nextMiddleware(args as never, async () => {
    try {
      result = await handler(args as never);
    } catch (thrown) {
      result = thrown;
    }
    return new Response();
  });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), response: result };
  const d = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, data: d.data };
  return { status: 200, data: result };
}

const PASSWORD = "StaffPass12345";
const cookies = {} as Record<StaffRole, string>;
let adminId: number;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;

beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  await ensureSeedAdmin(db, "AdminPass12345");
  adminId = (await findStaffByUsername("admin"))!.id;
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  for (const role of ["finance", "support", "trader", "content"] as const) {
    await staffMember(role, `${role}1`, PASSWORD, role);
    cookies[role] = await staffCookie(`${role}1`, PASSWORD);
  }
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

const errorsOf = (o: Outcome) => (o.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};

describe("access", () => {
  const pages: Array<[string, Handler, string]> = [
    ["deposits", depositsRoute.loader, "/admin/finance/deposits"],
    ["withdrawals", withdrawalsRoute.loader, "/admin/finance/withdrawals"],
    ["adjustments", adjustmentsRoute.loader, "/admin/finance/adjustments"],
    ["payment methods", methodsRoute.loader, "/admin/finance/payment-methods"],
    ["gateway checkouts", checkoutsRoute.loader, "/admin/finance/checkouts"],
    ["promotions", promotionsRoute.loader, "/admin/finance/promotions"],
  ];

  it.each(pages)("%s: a guest is sent to log in, trader and content get 403, support may look but not act", async (_name, loader, path) => {
    const guest = await call(loader, path);
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await call(loader, path, { cookie: cookies.trader })).status).toBe(403);
    expect((await call(loader, path, { cookie: cookies.content })).status).toBe(403);
    const support = await call(loader, path, { cookie: cookies.support });
    expect(support.status).toBe(200);
    expect((support.data as { canAct: boolean }).canAct).toBe(false);
    expect(((await call(loader, path, { cookie: cookies.finance })).data as { canAct: boolean }).canAct).toBe(true);
  });

  it("refuses every form post of support with 403, and nothing moves", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    const posts: Array<[Handler, string, Record<string, string>]> = [
      [depositsRoute.action, "/admin/finance/deposits", { intent: "approve", id: String(dep.id) }],
      [withdrawalsRoute.action, "/admin/finance/withdrawals", { intent: "reject", id: "1", reason: "x" }],
      [
        adjustmentsRoute.action,
        "/admin/finance/adjustments",
        { playerId: String(player.id), direction: "credit", amount: "100", reason: "x", key: "abcdefgh1234" },
      ],
      [methodsRoute.action, "/admin/finance/payment-methods", { intent: "method", name: "Hack", icon: "/x.svg" }],
      [checkoutsRoute.action, "/admin/finance/checkouts", { intent: "check", id: "1" }],
    ];
    for (const [action, path, form] of posts) expect((await call(action, path, { cookie: cookies.support, form })).status, path).toBe(403);
    expect(
      (
        await call(promotionEditRoute.action, "/admin/finance/promotions/new", {
          cookie: cookies.support,
          params: { id: "new" },
          form: { nameEn: "x" },
        })
      ).status,
    ).toBe(403);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, dep.id));
    expect(row!.status).toBe("pending");
    expect((await getPlayerBalances(player.id)).main.posted).toBe(0n);
  });
});

describe("deposit queue", () => {
  it("lists pending deposits oldest first with the bonus approving would grant and the player's history", async () => {
    const promo = await createPromotion({ bonusPercent: 10, maxBonus: null });
    const player = await createPlayer();
    const first = await depositFor(player.id, ctx, { amount: taka(2000), promotionId: promo.id });
    const second = await depositFor(player.id, ctx, { amount: taka(700) });
    const page = await call(depositsRoute.loader, "/admin/finance/deposits", { cookie: cookies.finance });
    const rows = (
      page.data as {
        rows: Array<{
          id: number;
          amount: string;
          bonus: string | null;
          trxId: string;
          summary: { pendingDeposits: number };
          recent: Array<{ id: string }>;
        }>;
      }
    ).rows;
    const mine = rows.filter((r) => r.id === first.id || r.id === second.id);
    expect(mine.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(mine[0]).toMatchObject({ amount: "৳2,000", bonus: "৳200", trxId: first.trxId, summary: { pendingDeposits: 2 } });
    expect(mine[0]!.recent.map((r) => r.id)).toEqual([`D${second.id}`]);
    expect(mine[1]!.bonus).toBeNull();
  });

  it("approves once: credits main and bonus, writes the audit row with the IP; a second click is 'already reviewed'", async () => {
    const promo = await createPromotion({ bonusPercent: 50, maxBonus: taka(100) });
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx, { amount: taka(1000), promotionId: promo.id });
    const approve = { intent: "approve", id: String(dep.id) };
    const done = await call(depositsRoute.action, "/admin/finance/deposits", { cookie: cookies.finance, form: approve });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`/admin/finance/deposits?done=approved&id=${dep.id}`);
    const balances = await getPlayerBalances(player.id);
    expect([balances.main.available, balances.bonus.available]).toEqual([taka(1000), taka(100)]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "deposit.approve"), eq(auditLog.entityId, String(dep.id))));
    expect(entry).toMatchObject({
      ip: "10.7.0.1",
      before: expect.objectContaining({ status: "pending" }),
      after: expect.objectContaining({ status: "approved" }),
    });

    const again = await call(depositsRoute.action, "/admin/finance/deposits", { cookie: cookies.admin, form: approve });
    expect(again.status).toBe(409);
    expect(errorsOf(again)[""]?.map(inEnglish)).toEqual(["This request has already been reviewed."]);
    const after = await getPlayerBalances(player.id);
    expect([after.main.available, after.bonus.available]).toEqual([taka(1000), taka(100)]);

    const notice = await call(depositsRoute.loader, done.location!, { cookie: cookies.finance });
    expect((notice.data as { notice: string }).notice).toBe(`Deposit D${dep.id} approved: ৳1,000 credited to ${player.username}, bonus ৳100.`);
  });

  it("two staff approving at the same moment credit the deposit once", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx, { amount: taka(900) });
    const form = { intent: "approve", id: String(dep.id) };
    const outcomes = await Promise.all([
      call(depositsRoute.action, "/admin/finance/deposits", { cookie: cookies.finance, form }),
      call(depositsRoute.action, "/admin/finance/deposits", { cookie: cookies.admin, form }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual([302, 409]);
    expect((await getPlayerBalances(player.id)).main.available).toBe(taka(900));
  });

  it("rejects only with a reason; bad and unknown ids are 4xx, never 500", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    const noReason = await call(depositsRoute.action, "/admin/finance/deposits", {
      cookie: cookies.finance,
      form: { intent: "reject", id: String(dep.id), reason: "  " },
    });
    expect(noReason.status).toBe(400);
    expect(errorsOf(noReason).reason).toEqual(["adminPayments.errors.reasonRequired"]);
    for (const id of ["abc", "0", "-4", "99999999999", ""]) {
      const bad = await call(depositsRoute.action, "/admin/finance/deposits", { cookie: cookies.finance, form: { intent: "approve", id } });
      expect(bad.status, id).toBe(400);
      expect(errorsOf(bad).id, id).toEqual(["adminPayments.errors.idInvalid"]);
    }
    const unknown = await call(depositsRoute.action, "/admin/finance/deposits", {
      cookie: cookies.finance,
      form: { intent: "approve", id: "987654" },
    });
    expect(unknown.status).toBe(404);
    const rejected = await call(depositsRoute.action, "/admin/finance/deposits", {
      cookie: cookies.finance,
      form: { intent: "reject", id: String(dep.id), reason: "TRX ID not found in the statement" },
    });
    expect(rejected.status).toBe(302);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, dep.id));
    expect(row).toMatchObject({ status: "rejected", rejectReason: "TRX ID not found in the statement" });
    expect((await getPlayerBalances(player.id)).main.posted).toBe(0n);
    const tab = await call(depositsRoute.loader, "/admin/finance/deposits?status=rejected&page=zz", { cookie: cookies.support });
    expect((tab.data as { rows: Array<{ id: number; reason: string }> }).rows.find((r) => r.id === dep.id)?.reason).toBe(
      "TRX ID not found in the statement",
    );
  });

  it("streams the proof to staff only; unknown and malformed ids are 404", async () => {
    const player = await createPlayer();
    const dep = await depositFor(player.id, ctx);
    const ok = await call(proofRoute.loader, `/admin/finance/deposits/${dep.id}/proof`, { cookie: cookies.support, params: { id: String(dep.id) } });
    expect(ok.status).toBe(200);
    expect(ok.response!.headers.get("content-type")).toBe("image/png");
    expect(ok.response!.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await ok.response!.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    for (const id of ["999999", "abc", "../../etc/passwd"]) {
      expect((await call(proofRoute.loader, `/admin/finance/deposits/x/proof`, { cookie: cookies.finance, params: { id } })).status, id).toBe(404);
    }
    expect((await call(proofRoute.loader, `/admin/finance/deposits/${dep.id}/proof`, { params: { id: String(dep.id) } })).status).toBe(302);
    expect(
      (await call(proofRoute.loader, `/admin/finance/deposits/${dep.id}/proof`, { cookie: cookies.trader, params: { id: String(dep.id) } })).status,
    ).toBe(403);
  });
});

describe("withdrawal queue", () => {
  it("needs a payout reference to approve, posts the hold once, and a reason to reject (which returns the money)", async () => {
    const player = await createPlayer();
    await adjustBalance({
      staffId: adminId,
      playerId: player.id,
      direction: "credit",
      amount: taka(3000),
      reason: "test",
      idempotencyKey: `wq-${player.id}`,
    });
    const { withdrawal: w1 } = await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: taka(1000), idempotencyKey: `w1-${player.id}` });
    const { withdrawal: w2 } = await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: taka(500), idempotencyKey: `w2-${player.id}` });

    const page = await call(withdrawalsRoute.loader, "/admin/finance/withdrawals", { cookie: cookies.finance });
    const row = (
      page.data as { rows: Array<{ id: number; receiving: string; state: { main: string; held: string | null; turnover: unknown } }> }
    ).rows.find((r) => r.id === w1.id);
    expect(row).toMatchObject({ receiving: player.phone, state: { main: "৳1,500", held: "৳1,500", turnover: null } });

    const noRef = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
      cookie: cookies.finance,
      form: { intent: "approve", id: String(w1.id), payoutReference: "" },
    });
    expect(noRef.status).toBe(400);
    expect(errorsOf(noRef).payoutReference).toEqual(["adminPayments.errors.referenceRequired"]);
    const paid = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
      cookie: cookies.finance,
      form: { intent: "approve", id: String(w1.id), payoutReference: "BKPAY123" },
    });
    expect(paid.status).toBe(302);
    const twice = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
      cookie: cookies.admin,
      form: { intent: "reject", id: String(w1.id), reason: "late" },
    });
    expect(twice.status).toBe(409);

    const noReason = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
      cookie: cookies.finance,
      form: { intent: "reject", id: String(w2.id) },
    });
    expect(noReason.status).toBe(400);
    expect(
      (
        await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
          cookie: cookies.finance,
          form: { intent: "reject", id: String(w2.id), reason: "Name mismatch" },
        })
      ).status,
    ).toBe(302);

    const b = await getPlayerBalances(player.id);
    expect([b.main.posted, b.main.pending, b.main.available]).toEqual([taka(2000), 0n, taka(2000)]);
    const rows = await db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id)).orderBy(withdrawals.id);
    expect(rows.map((r) => [r.status, r.payoutReference, r.rejectReason])).toEqual([
      ["approved", "BKPAY123", null],
      ["rejected", null, "Name mismatch"],
    ]);
  });
});

describe("four-eyes payouts in the withdrawal queue", () => {
  it("records the first approval, shows it awaiting a second, refuses the same person with 403 and pays on another's", async () => {
    await setSettings({ secondApprovalAbove: taka(2_000) });
    try {
      const player = await createPlayer();
      await adjustBalance({
        staffId: adminId,
        playerId: player.id,
        direction: "credit",
        amount: taka(5000),
        reason: "test",
        idempotencyKey: `fe-${player.id}`,
      });
      const { withdrawal: w } = await requestWithdrawal(player.id, {
        methodId: ctx.method.id,
        amount: taka(3000),
        idempotencyKey: `fe1-${player.id}`,
      });
      type Row = {
        id: number;
        fourEyes: string | null;
        firstApprover: string | null;
        firstApprovedAt: string | null;
        firstApprovedByViewer: boolean;
      };
      const rowOf = async (cookie = cookies.finance) =>
        ((await call(withdrawalsRoute.loader, "/admin/finance/withdrawals", { cookie })).data as { rows: Row[] }).rows.find((r) => r.id === w.id);
      expect(await rowOf()).toMatchObject({ fourEyes: "first", firstApprover: null });

      // The first of two approvals needs no reference.
      const first = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
        cookie: cookies.finance,
        form: { intent: "approve", id: String(w.id), approval: "first" },
      });
      expect(first.status).toBe(302);
      expect(first.location).toBe(`/admin/finance/withdrawals?done=first-approved&id=${w.id}`);
      const notice = await call(withdrawalsRoute.loader, first.location!, { cookie: cookies.finance });
      expect((notice.data as { notice: string }).notice).toBe(
        `Withdrawal W${w.id} (৳3,000, ${player.username}): first approval recorded. It waits for a second finance staff member's approval.`,
      );
      const awaiting = await rowOf();
      expect(awaiting).toMatchObject({ fourEyes: "second", firstApprover: "finance1", firstApprovedByViewer: true });
      // Another finance member is offered the approve form.
      expect(await rowOf(cookies.admin)).toMatchObject({ fourEyes: "second", firstApprovedByViewer: false });
      expect(awaiting!.firstApprovedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

      const same = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
        cookie: cookies.finance,
        form: { intent: "approve", id: String(w.id), payoutReference: "BKFE1" },
      });
      expect(same.status).toBe(403);
      expect((same.data as { result: { error: Record<string, string[]> } }).result.error[""]?.map(inEnglish)).toEqual([
        "You gave this withdrawal its first approval: a different finance staff member must give the second.",
      ]);
      const noRef = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
        cookie: cookies.admin,
        form: { intent: "approve", id: String(w.id), approval: "first" },
      });
      expect(noRef.status).toBe(400);
      expect(errorsOf(noRef).payoutReference).toEqual(["payments.errors.payoutReferenceRequired"]);
      const paid = await call(withdrawalsRoute.action, "/admin/finance/withdrawals", {
        cookie: cookies.admin,
        form: { intent: "approve", id: String(w.id), payoutReference: "BKFE1" },
      });
      expect(paid.status).toBe(302);
      expect(paid.location).toBe(`/admin/finance/withdrawals?done=approved&id=${w.id}`);
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
      expect(row).toMatchObject({ status: "approved", reviewedBy: adminId, payoutReference: "BKFE1" });
      expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(2000));
      const steps = await db
        .select({ action: auditLog.action, staffId: auditLog.staffId })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "withdrawal"), eq(auditLog.entityId, String(w.id))))
        .orderBy(auditLog.id);
      expect(steps.map((a) => a.action)).toEqual(["withdrawal.first_approve", "withdrawal.approve"]);
      expect(steps[1]!.staffId).toBe(adminId);
    } finally {
      await setSettings({ secondApprovalAbove: taka(50_000) });
    }
  });
});

describe("manual adjustment", () => {
  it("finds the player, credits and debits main with a reason, never below zero, once per form", async () => {
    const player = await createPlayer();
    const found = await call(adjustmentsRoute.loader, `/admin/finance/adjustments?username=${player.username.toUpperCase()}`, {
      cookie: cookies.finance,
    });
    expect((found.data as { player: { id: number; main: string } }).player).toMatchObject({ id: player.id, main: "৳0" });
    expect((await call(adjustmentsRoute.loader, "/admin/finance/adjustments?username=nobody999", { cookie: cookies.finance })).status).toBe(404);
    expect((await call(adjustmentsRoute.loader, "/admin/finance/adjustments?username=bad%20name!", { cookie: cookies.finance })).status).toBe(400);

    const form = {
      playerId: String(player.id),
      direction: "credit",
      amount: "1,250.50",
      reason: "Compensation for a failed game round",
      key: "adjust-key-0001",
    };
    const credited = await call(adjustmentsRoute.action, "/admin/finance/adjustments", { cookie: cookies.finance, form });
    expect(credited.status).toBe(302);
    expect(credited.location).toMatch(new RegExp(`^/admin/finance/adjustments\\?username=${player.username}&done=A\\d+$`));
    expect((await call(adjustmentsRoute.action, "/admin/finance/adjustments", { cookie: cookies.finance, form })).status).toBe(302);
    expect((await getPlayerBalances(player.id)).main.available).toBe(taka(1250.5));
    expect(await db.select().from(adjustments).where(eq(adjustments.playerId, player.id))).toHaveLength(1);
    const notice = await call(adjustmentsRoute.loader, credited.location!, { cookie: cookies.finance });
    expect((notice.data as { notice: string }).notice).toBe(`৳1,250.50 credited to ${player.username}'s main wallet.`);

    const overdraw = await call(adjustmentsRoute.action, "/admin/finance/adjustments", {
      cookie: cookies.finance,
      form: { ...form, direction: "debit", amount: "2000", key: "adjust-key-0002" },
    });
    expect(overdraw.status).toBe(400);
    expect(errorsOf(overdraw).amount?.map(inEnglish)).toEqual(["The player's main wallet has only ৳1,250.50: a debit cannot make it negative."]);
    const bad = await call(adjustmentsRoute.action, "/admin/finance/adjustments", {
      cookie: cookies.finance,
      form: { ...form, amount: "12.345", reason: "", key: "adjust-key-0003" },
    });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toMatchObject({ amount: ["adminPayments.errors.amountInvalid"], reason: ["adminPayments.errors.reasonRequired"] });
    const forged = await call(adjustmentsRoute.action, "/admin/finance/adjustments", {
      cookie: cookies.finance,
      form: { ...form, playerId: "999999", key: "adjust-key-0004" },
    });
    expect(forged.status).toBe(404);
    const debited = await call(adjustmentsRoute.action, "/admin/finance/adjustments", {
      cookie: cookies.finance,
      form: { ...form, direction: "debit", amount: "250.50", key: "adjust-key-0005" },
    });
    expect(debited.status).toBe(302);
    expect((await getPlayerBalances(player.id)).main.available).toBe(taka(1000));
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "player"), eq(auditLog.entityId, String(player.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["balance.credit", "balance.debit"]);
  });
});

describe("settings", () => {
  it("saves payment methods and wallet numbers from taka, with field messages for bad input", async () => {
    const path = "/admin/finance/payment-methods";
    const badMethod = await call(methodsRoute.action, path, {
      cookie: cookies.finance,
      form: { intent: "method", name: "", icon: "javascript:alert(1)", tag: "<i>+2%</i>" },
    });
    expect(badMethod.status).toBe(400);
    expect(errorsOf(badMethod)).toMatchObject({
      name: ["adminPayments.errors.nameRequired"],
      icon: ["adminPayments.errors.pathInvalid"],
      tag: ["adminPayments.errors.tagInvalid"],
    });
    const savedMethod = await call(methodsRoute.action, path, {
      cookie: cookies.finance,
      form: { intent: "method", name: "Cellfin", icon: "/demo/payments/cellfin.svg", tag: "+2%", sortOrder: "9", active: "on" },
    });
    expect(savedMethod.status).toBe(302);
    expect((await db.select().from(paymentMethods).where(eq(paymentMethods.name, "Cellfin")))[0]?.tag).toBe("+2%");

    const wallet = {
      intent: "wallet",
      methodId: String(ctx.method.id),
      channelType: "Personal",
      accountNumber: "01876543210",
      minAmount: "500",
      maxAmount: "10,000",
      dailyCap: "",
      active: "on",
    };
    const minMax = await call(methodsRoute.action, path, { cookie: cookies.finance, form: { ...wallet, minAmount: "20000" } });
    expect(minMax.status).toBe(400);
    expect(errorsOf(minMax).maxAmount).toEqual(["adminPayments.errors.minMax"]);
    const badNumber = await call(methodsRoute.action, path, { cookie: cookies.finance, form: { ...wallet, accountNumber: "0187654321" } });
    expect(errorsOf(badNumber).accountNumber).toEqual(["adminPayments.errors.numberInvalid"]);
    const forgedMethod = await call(methodsRoute.action, path, { cookie: cookies.finance, form: { ...wallet, methodId: "999999" } });
    expect(forgedMethod.status).toBe(400);
    expect(errorsOf(forgedMethod).methodId?.map(inEnglish)).toEqual(["Please select a valid payment method."]);
    const saved = await call(methodsRoute.action, path, { cookie: cookies.finance, form: wallet });
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(walletNumbers).where(eq(walletNumbers.accountNumber, "01876543210"));
    expect(row).toMatchObject({ minAmount: taka(500), maxAmount: taka(10_000), dailyCap: null, active: true });
    const taken = await call(methodsRoute.action, path, { cookie: cookies.finance, form: wallet });
    expect(taken.status).toBe(400);
    expect(errorsOf(taken).accountNumber?.map(inEnglish)).toEqual(["This number is already listed for this method and payment type."]);
    const unknownRow = await call(methodsRoute.action, path, { cookie: cookies.finance, form: { ...wallet, id: "987654" } });
    expect(unknownRow.status).toBe(404);
  });

  it("saves promotions with Asia/Dhaka dates; an unknown or malformed id is a 404", async () => {
    const form = {
      nameEn: "Weekend reload",
      nameBn: "সপ্তাহান্তের রিলোড",
      bonusPercent: "20",
      turnoverMultiplier: "3.5",
      maxBonus: "2,000",
      startsAt: "2026-12-05T00:00",
      endsAt: "2026-12-07T23:59",
      status: "active",
    };
    const created = await call(promotionEditRoute.action, "/admin/finance/promotions/new", { cookie: cookies.finance, params: { id: "new" }, form });
    expect(created.status).toBe(302);
    const id = Number(/saved=(\d+)/.exec(created.location!)![1]);
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
    expect(row).toMatchObject({ bonusPercent: 20, turnoverMultiplierHundredths: 350, maxBonus: taka(2000) });
    expect(row!.startsAt.toISOString()).toBe("2026-12-04T18:00:00.000Z");

    const edit = await call(promotionEditRoute.loader, `/admin/finance/promotions/${id}`, { cookie: cookies.support, params: { id: String(id) } });
    expect((edit.data as { defaults: Record<string, string> }).defaults).toMatchObject({
      turnoverMultiplier: "3.5",
      maxBonus: "2000",
      startsAt: "2026-12-05T00:00",
    });

    const backwards = await call(promotionEditRoute.action, `/admin/finance/promotions/${id}`, {
      cookie: cookies.finance,
      params: { id: String(id) },
      form: { ...form, endsAt: "2026-12-01T00:00" },
    });
    expect(backwards.status).toBe(400);
    expect(errorsOf(backwards).endsAt).toEqual(["payments.errors.periodInvalid"]);
    for (const bad of ["abc", "0", "999999", "99999999999"]) {
      expect(
        (await call(promotionEditRoute.loader, `/admin/finance/promotions/${bad}`, { cookie: cookies.finance, params: { id: bad } })).status,
        bad,
      ).toBe(404);
      expect(
        (await call(promotionEditRoute.action, `/admin/finance/promotions/${bad}`, { cookie: cookies.finance, params: { id: bad }, form })).status,
        bad,
      ).toBe(404);
    }
  });
});
