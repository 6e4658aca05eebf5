// Money out on /transaction-record and its details is written as every page writes a negative amount: a real minus
// sign before the taka sign (−৳300.00), money in with a plus (+৳1,000.00); the same in English and Bangla. The loaders
// run against the database; their answers are rendered as the server renders the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjustBalance } from "#app/modules/payments/adjustments.server.ts";
import { closeIdleConnections, createPlayer, createSite, createStaff, expectInvariants, newKey } from "#app/modules/payments/test-helpers.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as transactionDetails from "./transaction-details.tsx";
import * as transactionRecord from "./transaction-record.tsx";
import { renderRoute } from "#tests/support/render-route.tsx";

let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite();
  staff = await createStaff();
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

/** A player given ৳1,000 and then debited ৳300 by staff: one adjustment in, one out. */
async function playerWithAdjustments() {
  const player = await createPlayer();
  const adjust = (direction: "credit" | "debit", amount: string) =>
    adjustBalance({ staffId: staff.id, playerId: player.id, direction, amount, reason: "Goodwill", ip: null, idempotencyKey: newKey() });
  const { adjustment: credit } = await adjust("credit", "1000");
  const { adjustment: debit } = await adjust("debit", "300");
  return { credit: `A${credit.id}`, debit: `A${debit.id}`, cookie: (await sessionFor(player)).cookie };
}

type Rows = { days: { rows: { id: string; sign: string; amount: string }[] }[] };

describe.each(["en", "bn"])("amounts in and out, in %s", (lng) => {
  const headers = { "accept-language": lng };

  it("the record writes money out as −৳ and money in as +৳", async () => {
    const { credit, debit, cookie } = await playerWithAdjustments();
    const out = await callRoute(transactionRecord, "/transaction-record", { cookie, headers });
    expect(out.status).toBe(200);
    const rows = (out.data as Rows).days.flatMap((d) => d.rows);
    expect(rows.map((r) => [r.id, r.sign, r.amount])).toEqual([
      [debit, "\u2212", "৳300.00"],
      [credit, "+", "৳1,000.00"],
    ]);
    const html = await renderRoute(lng, "/transaction-record", transactionRecord.default, out.data);
    expect(html).toContain("\u2212<!-- -->৳300.00");
    expect(html).toContain("+<!-- -->৳1,000.00");
    expect(html).not.toMatch(/-(<!-- -->)?৳?300\.00/);
  });

  it("the details write a debit as −৳", async () => {
    const { debit, credit, cookie } = await playerWithAdjustments();
    const out = await callRoute(transactionDetails, `/transaction-record/${debit}`, { cookie, headers, params: { id: debit } });
    expect(out.status).toBe(200);
    expect((out.data as { tx: unknown }).tx).toMatchObject({ sign: "\u2212", amount: "৳300.00" });
    const html = await renderRoute(lng, `/transaction-record/${debit}`, transactionDetails.default, out.data);
    expect(html).toMatch(/data-testid="details-amount">\u2212(<!-- -->)?৳300\.00</);
    const credited = await callRoute(transactionDetails, `/transaction-record/${credit}`, { cookie, headers, params: { id: credit } });
    const creditHtml = await renderRoute(lng, `/transaction-record/${credit}`, transactionDetails.default, credited.data);
    expect(creditHtml).toMatch(/data-testid="details-amount">\+(<!-- -->)?৳1,000\.00</);
  });
});
