// The back office's gateway checkouts page: the tabs (open, needing attention, failed, credited), the finance filter
// with them (search, status, dates, totals, the export link; a bad value a 400), who may look and who may act, and "Ask
// the gateway now" crediting a checkout the player paid but never came back from.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { startCheckout } from "#app/modules/payments/gateway-deposits.server.ts";
import { SIM_OTP, SIM_PIN, simConfirm } from "#app/modules/payments/gateway/simulated.server.ts";
import { type GatewayPaymentState, gatewayPayments, paymentMethods } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethod,
  createPlayer,
  createSite,
  createStaff,
  expectInvariants,
  newKey,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { createStaff as createStaffUser } from "#app/modules/staff/staff.server.ts";
import { callRoute, staffCookie, type Outcome } from "#tests/support/route-call.ts";
import * as checkoutsRoute from "./checkouts.tsx";

const PAGE = "/admin/finance/checkouts";
const ORIGIN = "http://localhost:3000";
let method: Awaited<ReturnType<typeof createMethod>>;
const cookies = {} as Record<"finance" | "support", string>;

beforeAll(async () => {
  await createSite();
  method = await createMethod();
  await db
    .update(paymentMethods)
    .set({ gateway: "simulated", gatewayMin: taka(500), gatewayMax: taka(25_000) })
    .where(eq(paymentMethods.id, method.id));
  const admin = await createStaff();
  for (const role of ["finance", "support"] as const) {
    const username = `${role}${Math.random().toString(36).slice(2, 8)}`;
    await createStaffUser({ id: admin.id, ip: null }, { username, name: role, role, password: "StaffPass12345" });
    cookies[role] = await staffCookie(username, "StaffPass12345");
  }
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

type PageData = {
  rows: { id: number; status: GatewayPaymentState; username: string }[];
  counts: { open: number; attention: number };
  canAct: boolean;
};
type FilterData = {
  filter: {
    errors: Record<string, string>;
    query: string;
    exportHref: string | null;
    totals: { count: number; amount: string; byStatus: Array<{ status: string; label: string; count: number }> } | null;
  };
};
const pageOf = (o: Outcome) => o.data as PageData;
const idsOf = (o: Outcome) => pageOf(o).rows.map((r) => r.id);

/** A checkout opened by a new player; `status` (and a reason) written as the gateway's answer would leave it. */
async function checkout(status: GatewayPaymentState = "initiated", failureReason: string | null = null) {
  const player = await createPlayer();
  const { payment } = await startCheckout(
    player.id,
    { methodId: method.id, amount: taka(800), promotionId: null, idempotencyKey: newKey() },
    { origin: ORIGIN },
  );
  if (status !== "initiated") {
    await db.update(gatewayPayments).set({ status, failureReason, finishedAt: new Date() }).where(eq(gatewayPayments.id, payment.id));
  }
  return { player, payment };
}

describe("the gateway checkouts page", () => {
  it("lists open checkouts by default and the others under their tabs, with the open and attention counts", async () => {
    const open = await checkout();
    const mismatch = await checkout("mismatch", "amount: ৳80");
    const refused = await checkout("refused", "payments.errors.excluded");
    const cancelled = await checkout("cancelled", "Cancelled by the payer");

    const first = await callRoute(checkoutsRoute, PAGE, { cookie: cookies.support });
    expect(first.status).toBe(200);
    expect(idsOf(first)).toContain(open.payment.id);
    expect(idsOf(first)).not.toContain(mismatch.payment.id);
    expect(pageOf(first).rows.find((r) => r.id === open.payment.id)?.username).toBe(open.player.username);
    expect(pageOf(first).counts.attention).toBeGreaterThanOrEqual(2);
    expect(pageOf(first).canAct).toBe(false);

    const attention = idsOf(await callRoute(checkoutsRoute, `${PAGE}?status=attention`, { cookie: cookies.finance }));
    expect(attention).toEqual(expect.arrayContaining([mismatch.payment.id, refused.payment.id]));
    expect(attention).not.toContain(open.payment.id);
    const failed = idsOf(await callRoute(checkoutsRoute, `${PAGE}?status=failed`, { cookie: cookies.finance }));
    expect(failed).toContain(cancelled.payment.id);
    expect(failed).not.toContain(mismatch.payment.id);
    // An unknown tab is a refused filter, as on the deposits page: 400 with the field named and no rows.
    const unknown = await callRoute(checkoutsRoute, `${PAGE}?status=everything`, { cookie: cookies.finance });
    expect(unknown.status).toBe(400);
    expect(Object.keys((unknown.data as FilterData).filter.errors)).toEqual(["status"]);
    expect(pageOf(unknown).rows).toEqual([]);
  });

  it("narrows the tab by the filter, with the totals of what it shows and the export link", async () => {
    const a = await checkout("mismatch", "amount: ৳80");
    const b = await checkout("refused", "payments.errors.excluded");
    const c = await checkout("expired", "No payment after 24 hours");
    // One player's checkouts: by username the attention tab shows two, the All tab three (per status in the totals).
    await db.update(gatewayPayments).set({ playerId: a.player.id }).where(eq(gatewayPayments.id, b.payment.id));
    await db.update(gatewayPayments).set({ playerId: a.player.id }).where(eq(gatewayPayments.id, c.payment.id));
    const q = encodeURIComponent(a.player.username);
    const attention = await callRoute(checkoutsRoute, `${PAGE}?status=attention&q=${q}`, { cookie: cookies.support });
    expect(attention.status).toBe(200);
    expect(idsOf(attention)).toEqual([b.payment.id, a.payment.id]);
    const view = (attention.data as FilterData).filter;
    expect(view.totals).toMatchObject({
      count: 2,
      amount: "৳1,600",
      byStatus: [
        { status: "mismatch", label: "Did not match", count: 1 },
        { status: "refused", label: "Refused and refunded", count: 1 },
      ],
    });
    expect(view.exportHref).toBe(`${PAGE}/export?q=${q}&status=attention`);
    expect(view.query).toBe(`q=${q}`);
    // The status select inside the tab; the invoice prefix in any case; the All tab with a status.
    expect(idsOf(await callRoute(checkoutsRoute, `${PAGE}?status=attention&q=${q}&state=refused`, { cookie: cookies.finance }))).toEqual([
      b.payment.id,
    ]);
    const byInvoice = `${PAGE}?status=all&q=${a.payment.invoice.slice(0, 12).toLowerCase()}`;
    expect(idsOf(await callRoute(checkoutsRoute, byInvoice, { cookie: cookies.finance }))).toEqual([a.payment.id]);
    const all = await callRoute(checkoutsRoute, `${PAGE}?status=all&q=${q}&state=expired&amount=800`, { cookie: cookies.finance });
    expect(idsOf(all)).toEqual([c.payment.id]);
    expect((all.data as FilterData).filter.totals).toMatchObject({ count: 1, amount: "৳800" });
    // A Dhaka day that has none of them.
    expect(idsOf(await callRoute(checkoutsRoute, `${PAGE}?status=all&q=${q}&from=2020-01-01&to=2020-01-02`, { cookie: cookies.finance }))).toEqual(
      [],
    );
  });

  it("a bad filter value is a 400 with the field named, never a 500", async () => {
    for (const [query, field] of [
      ["state=paid", "state"],
      ["from=2026-13-45", "from"],
      ["amount=12.345", "amount"],
      ["method=abc", "method"],
      ["range=forever", "range"],
      [`q=${"x".repeat(61)}`, "q"],
      ["from=2026-03-10&to=2026-03-01", "to"],
    ]) {
      const page = await callRoute(checkoutsRoute, `${PAGE}?status=all&${query}`, { cookie: cookies.finance });
      expect(page.status, query).toBe(400);
      expect(Object.keys((page.data as FilterData).filter.errors), query).toEqual([field]);
      // The tab it was sent on stays selected, so the corrected search stays there.
      expect((page.data as { tab: string }).tab, query).toBe("all");
    }
  });

  it("credits a checkout the player paid but never came back from when finance asks the gateway; support may not ask", async () => {
    const { player, payment } = await checkout();
    const paid = await simConfirm(payment.gatewayPaymentId!, { wallet: "01711111111", otp: SIM_OTP, pin: SIM_PIN });
    expect(paid.ok).toBe(true);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(0n);

    const form = { intent: "check", id: String(payment.id) };
    expect((await callRoute(checkoutsRoute, PAGE, { cookie: cookies.support, form })).status).toBe(403);
    const done = await callRoute(checkoutsRoute, PAGE, { cookie: cookies.finance, form });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${PAGE}?status=all&checked=${payment.id}`);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(800));
    const after = await callRoute(checkoutsRoute, done.headers.get("location")!, { cookie: cookies.finance });
    expect((after.data as { notice: string }).notice).toBe(`Checkout ${payment.invoice}: Credited.`);

    const again = await callRoute(checkoutsRoute, PAGE, { cookie: cookies.finance, form });
    expect(again.status).toBe(409);
    expect(inEnglish((again.data as { error: string }).error)).toBe("This checkout has already ended: there is nothing more to ask the gateway.");
    expect((await callRoute(checkoutsRoute, PAGE, { cookie: cookies.finance, form: { intent: "check", id: "2000000000" } })).status).toBe(404);
    expect((await callRoute(checkoutsRoute, PAGE, { cookie: cookies.finance, form: { intent: "check", id: "abc" } })).status).toBe(400);
    expect((await getPlayerBalances(player.id)).main.posted).toBe(taka(800));
  });
});
