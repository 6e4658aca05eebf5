// A withdrawal tracked against its promised payout time: the payment request page after the form, the transaction
// details and the record's compact status (requested -> in review -> paid or rejected, times in Asia/Dhaka, the
// promise = requested + payout_promise_hours, overdue past it while pending), and the turnover left on /withdrawal.
// The loaders run against the database; their answers are rendered as the server renders the page (no JavaScript).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { approveWithdrawal, rejectWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import { withdrawals } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  newKey,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { renderRoute } from "#tests/support/render-route.tsx";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as paymentRequest from "./payment-request.tsx";
import * as transactionDetails from "./transaction-details.tsx";
import * as transactionRecord from "./transaction-record.tsx";
import * as withdrawalPage from "./withdrawal.tsx";

let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;

const HOUR = 3_600_000;
const minutes = (at: Date) => formatDhaka(at, "YYYY-MM-DD HH:mm");
/** The words a reader sees: the markup and React's text separators taken out. */
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

beforeAll(async () => {
  await createSite();
  await setSettings({ payoutPromiseHours: 24 });
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A player with ৳5,000 on main who asks for ৳600 through the withdrawal form; the page it lands on and the row. */
async function requested() {
  const player = await createPlayer();
  await adjustBalance({
    staffId: staff.id,
    playerId: player.id,
    direction: "credit",
    amount: taka(5_000),
    reason: "t",
    ip: null,
    idempotencyKey: newKey(),
  });
  const cookie = (await sessionFor(player)).cookie;
  const body = new URLSearchParams({ methodId: String(ctx.method.id), amount: "600", idempotencyKey: newKey() });
  const out = await callRoute(withdrawalPage, "/withdrawal", { cookie, method: "POST", body });
  expect(out.status).toBe(302);
  const location = out.headers.get("location")!;
  const id = Number(/^\/payment-request\?id=W(\d+)$/.exec(location)![1]);
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return { player, cookie, location, id, ref: `W${id}`, row: row! };
}

type Tracker = {
  status: string;
  steps: { step: string; at: string | null }[];
  current: string | null;
  reason: string | null;
  expectedBy: string;
  overdue: boolean;
};
const trackerOf = (data: unknown) => (data as { tracker: Tracker }).tracker;
const details = (cookie: string, ref: string, lng = "en") =>
  callRoute(transactionDetails, `/transaction-record/${ref}`, { cookie, params: { id: ref }, headers: { "accept-language": lng } });
type RecordRow = { id: string; status: string; tracker: { expectedBy: string | null; overdue: boolean } | null };
const recordRow = async (cookie: string, ref: string) => {
  const out = await callRoute(transactionRecord, "/transaction-record?range=all", { cookie });
  return { out, row: (out.data as { days: { rows: RecordRow[] }[] }).days.flatMap((d) => d.rows).find((r) => r.id === ref) };
};

describe("a pending withdrawal", () => {
  it("reads 'Withdrawal requested' with its steps and the promised time, never success, in English and Bangla", async () => {
    const { cookie, location, ref, row } = await requested();
    const out = await callRoute(paymentRequest, location, { cookie });
    expect(out.status).toBe(200);
    const expectedBy = minutes(new Date(row.createdAt.getTime() + 24 * HOUR));
    expect(trackerOf(out.data)).toEqual({
      status: "pending",
      steps: [
        { step: "submitted", at: minutes(row.createdAt) },
        { step: "reviewed", at: null },
        { step: "success", at: null },
      ],
      current: "reviewed",
      reason: null,
      expectedBy,
      overdue: false,
    });
    const en = text(await renderRoute("en", location, paymentRequest.default, out.data));
    expect(en).toContain("Withdrawal requested");
    expect(en).toContain(`Expected by ${expectedBy}`);
    expect(en).toContain(`Requested ${minutes(row.createdAt)} (GMT+6)`);
    expect(en).toContain("In review In progress");
    expect(en).not.toMatch(/success|Get Ready|Overdue/i);
    const bnOut = await callRoute(paymentRequest, location, { cookie, headers: { "accept-language": "bn" } });
    const bn = text(await renderRoute("bn", location, paymentRequest.default, bnOut.data));
    expect(bn).toContain("উত্তোলনের অনুরোধ করা হয়েছে");
    expect(bn).toContain(`${expectedBy}-এর মধ্যে পাওয়ার কথা`);
    expect(bn).not.toContain("সফল");

    // The details show the same tracker; the record's row its compact status.
    const d = await details(cookie, ref);
    expect(trackerOf(d.data)).toEqual(trackerOf(out.data));
    const detailsHtml = text(await renderRoute("en", `/transaction-record/${ref}`, transactionDetails.default, d.data));
    expect(detailsHtml).toContain(`Expected by ${expectedBy}`);
    expect(detailsHtml).not.toContain("Overdue");
    const { out: list, row: listed } = await recordRow(cookie, ref);
    expect(listed).toMatchObject({ status: "pending", tracker: { expectedBy, overdue: false } });
    expect(text(await renderRoute("en", "/transaction-record", transactionRecord.default, list.data))).toContain(
      `In review · Expected by ${expectedBy}`,
    );
  });

  it("is overdue once the promised hours have passed, and the promise follows the setting", async () => {
    const { cookie, location, id, ref } = await requested();
    const createdAt = new Date(Date.now() - 25 * HOUR);
    await db.update(withdrawals).set({ createdAt }).where(eq(withdrawals.id, id));
    const expectedBy = minutes(new Date(createdAt.getTime() + 24 * HOUR));

    const out = await callRoute(paymentRequest, location, { cookie });
    expect(trackerOf(out.data)).toMatchObject({ status: "pending", expectedBy, overdue: true });
    const html = text(await renderRoute("en", location, paymentRequest.default, out.data));
    expect(html).toContain("Overdue");
    expect(html).toContain(`Expected by ${expectedBy}`);
    const d = await details(cookie, ref);
    expect(trackerOf(d.data)).toMatchObject({ overdue: true });
    expect(text(await renderRoute("en", `/transaction-record/${ref}`, transactionDetails.default, d.data))).toContain("Overdue");
    const bn = await details(cookie, ref, "bn");
    expect(text(await renderRoute("bn", `/transaction-record/${ref}`, transactionDetails.default, bn.data))).toContain("বিলম্বিত");
    const { out: list, row } = await recordRow(cookie, ref);
    expect(row?.tracker).toEqual({ expectedBy, overdue: true });
    expect(text(await renderRoute("en", "/transaction-record", transactionRecord.default, list.data))).toContain("Overdue");

    // Staff promise 48 hours instead: the same request is within its time again.
    await setSettings({ payoutPromiseHours: 48 });
    try {
      const later = await callRoute(paymentRequest, location, { cookie });
      expect(trackerOf(later.data)).toMatchObject({ expectedBy: minutes(new Date(createdAt.getTime() + 48 * HOUR)), overdue: false });
    } finally {
      await setSettings({ payoutPromiseHours: 24 });
    }
  });
});

describe("a reviewed withdrawal", () => {
  it("paid: every step with its time, never overdue even long after the promise", async () => {
    const { cookie, location, id, ref } = await requested();
    await db
      .update(withdrawals)
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) })
      .where(eq(withdrawals.id, id));
    const paid = await approveWithdrawal({ staffId: staff.id, withdrawalId: id, payoutReference: "BK77", ip: null });
    const out = await callRoute(paymentRequest, location, { cookie });
    expect(trackerOf(out.data)).toMatchObject({
      status: "approved",
      steps: [
        { step: "submitted", at: minutes(paid.createdAt) },
        { step: "reviewed", at: minutes(paid.reviewedAt!) },
        { step: "success", at: minutes(paid.reviewedAt!) },
      ],
      current: null,
      reason: null,
      overdue: false,
    });
    const html = text(await renderRoute("en", location, paymentRequest.default, out.data));
    expect(html).toContain("Withdrawal paid");
    expect(html).toContain(`Paid ${minutes(paid.reviewedAt!)} (GMT+6)`);
    expect(html).not.toMatch(/Overdue|Expected by/);
    expect((await recordRow(cookie, ref)).row).toMatchObject({ status: "success", tracker: { expectedBy: null, overdue: false } });
  });

  it("rejected: the rejection with its time and the staff's reason, in English and Bangla", async () => {
    const { cookie, location, id, ref } = await requested();
    const rejected = await rejectWithdrawal({ staffId: staff.id, withdrawalId: id, reason: "Wrong number", ip: null });
    const d = await details(cookie, ref);
    expect(trackerOf(d.data)).toMatchObject({
      status: "rejected",
      steps: [
        { step: "submitted", at: minutes(rejected.createdAt) },
        { step: "reviewed", at: minutes(rejected.reviewedAt!) },
        { step: "fail", at: minutes(rejected.reviewedAt!) },
      ],
      current: null,
      reason: "Wrong number",
      overdue: false,
    });
    const en = text(await renderRoute("en", `/transaction-record/${ref}`, transactionDetails.default, d.data));
    expect(en).toContain(`Rejected ${minutes(rejected.reviewedAt!)} (GMT+6)`);
    expect(en).toContain("Reason: Wrong number");
    const page = await callRoute(paymentRequest, location, { cookie, headers: { "accept-language": "bn" } });
    const bn = text(await renderRoute("bn", location, paymentRequest.default, page.data));
    expect(bn).toContain("উত্তোলন প্রত্যাখ্যাত হয়েছে");
    expect(bn).toContain("কারণ: Wrong number");
  });

  it("is nobody else's: another player gets 404 for the same id", async () => {
    const { location, ref } = await requested();
    const intruder = (await sessionFor(await createPlayer())).cookie;
    expect((await callRoute(paymentRequest, location, { cookie: intruder })).status).toBe(404);
    expect((await details(intruder, ref)).status).toBe(404);
  });
});

describe("/withdrawal shows the turnover left and what can be withdrawn now", () => {
  it("with an active requirement: the left of the required, a progress bar, the record link, and nothing withdrawable", async () => {
    const player = await createPlayer();
    await approveDeposit({ staffId: staff.id, depositId: (await depositFor(player.id, ctx, { amount: taka(1_000) })).id, ip: null });
    const cookie = (await sessionFor(player)).cookie;
    const out = await callRoute(withdrawalPage, "/withdrawal", { cookie });
    expect((out.data as { turnover: unknown }).turnover).toEqual({
      active: true,
      required: taka(1_000),
      done: 0n,
      left: taka(1_000),
      progress: 0,
      withdrawableNow: 0n,
    });
    const html = await renderRoute("en", "/withdrawal", withdrawalPage.default, out.data);
    expect(text(html)).toContain("Turnover left before you can withdraw: ৳1,000.00 of ৳1,000.00");
    expect(text(html)).toContain("Withdrawable now: ৳0.00");
    expect(html).toMatch(/<progress[^>]*max="100"[^>]*value="0"/);
    expect(html).toContain('href="/turnover-record"');
    const bn = await callRoute(withdrawalPage, "/withdrawal", { cookie, headers: { "accept-language": "bn" } });
    expect(text(await renderRoute("bn", "/withdrawal", withdrawalPage.default, bn.data))).toContain("এখন উত্তোলনযোগ্য: ৳0.00");
  });

  it("without one: only the amount withdrawable now", async () => {
    const player = await createPlayer();
    await adjustBalance({
      staffId: staff.id,
      playerId: player.id,
      direction: "credit",
      amount: taka(2_500),
      reason: "t",
      ip: null,
      idempotencyKey: newKey(),
    });
    const cookie = (await sessionFor(player)).cookie;
    const out = await callRoute(withdrawalPage, "/withdrawal", { cookie });
    expect((out.data as { turnover: unknown }).turnover).toMatchObject({ active: false, withdrawableNow: taka(2_500) });
    const html = await renderRoute("en", "/withdrawal", withdrawalPage.default, out.data);
    expect(text(html)).toContain("Withdrawable now: ৳2,500.00");
    expect(text(html)).not.toContain("Turnover left");
    expect(html).not.toContain("<progress");
  });
});
