// A VIP point conversion (VP -> main wallet) is a transaction of the player's: /transaction-record lists it as its own
// kind (filterable), with the amount credited and its time, and its details open like the others'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en/payments.ts";
import bn from "#app/i18n/locales/bn/payments.ts";
import enAdmin from "#app/i18n/locales/en/adminPayments.ts";
import bnAdmin from "#app/i18n/locales/bn/adminPayments.ts";
import { latestTransactions } from "#app/modules/payments/transactions.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { settledRound, vipReady } from "#app/modules/vip/test-helpers.ts";
import { accrueSettledStakes, convertPoints } from "#app/modules/vip/vip.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as transactionDetails from "./transaction-details.tsx";
import * as transactionRecord from "./transaction-record.tsx";

beforeAll(vipReady);
afterAll(closeIdleConnections);

type Rows = { days: { day: string; rows: { id: string; type: string; sign: string; amount: string; status: string; time: string }[] }[] };
const rowsOf = (data: unknown) => (data as Rows).days.flatMap((d) => d.rows);

async function playerWhoConverted() {
  const player = await createPlayer();
  await settledRound(player.id, 400_000n); // 40 VP at the default ৳100 per VP
  await accrueSettledStakes();
  const done = await convertPoints(player.id, { vp: 40n, requestKey: `record-${player.id}` });
  return { player, done, cookie: (await sessionFor(player)).cookie };
}

describe("VIP point conversions in the transaction record", () => {
  it("lists a conversion as its own kind with the amount credited and its time, and filters by it", async () => {
    const { done, cookie } = await playerWhoConverted();
    const record = await callRoute(transactionRecord, "/transaction-record", { cookie });
    expect(record.status).toBe(200);
    const [row] = rowsOf(record.data);
    expect(row).toEqual({
      id: `V${done.entry.id}`,
      type: "vip",
      sign: "+",
      amount: "৳10.00",
      status: "success",
      refunded: false,
      cancelled: false,
      time: formatDhaka(done.entry.createdAt, "HH:mm:ss"),
      method: "40 VP",
      tracker: null,
    });
    expect(rowsOf((await callRoute(transactionRecord, "/transaction-record?type=vip", { cookie })).data)).toHaveLength(1);
    expect(rowsOf((await callRoute(transactionRecord, "/transaction-record?type=deposit", { cookie })).data)).toHaveLength(0);
  });

  it("opens its details for its player only", async () => {
    const { player, done, cookie } = await playerWhoConverted();
    const id = `V${done.entry.id}`;
    const details = await callRoute(transactionDetails, `/transaction-record/${id}`, { cookie, params: { id } });
    expect(details.status).toBe(200);
    const data = details.data as { tx: Record<string, unknown>; fields: { key: string; value: string }[] };
    expect(data.tx).toMatchObject({ id, type: "vip", status: "success", amount: "৳10.00", sign: "+" });
    expect(data.fields.map((f) => f.key)).toEqual(["transactionId", "vipPoints", "amount", "createdAt"]);
    expect(data.fields.find((f) => f.key === "vipPoints")?.value).toBe("40 VP");
    const intruder = (await sessionFor(await createPlayer())).cookie;
    expect((await callRoute(transactionDetails, `/transaction-record/${id}`, { cookie: intruder, params: { id } })).status).toBe(404);
    expect((await latestTransactions([player.id], 5)).get(player.id)).toMatchObject([{ id, type: "vip", amount: 1_000n }]);
  });

  it("names the kind in English and Bangla", () => {
    expect(en.type.vip).toBe("VIP points conversion");
    expect(bn.type.vip).toMatch(/ভিআইপি/);
    expect(en.fields.vipPoints).toBeTruthy();
    expect(bn.fields.vipPoints).toMatch(/ভিআইপি|VP/);
    expect(enAdmin.txType.vip).toBeTruthy();
    expect(bnAdmin.txType.vip).toMatch(/ভিআইপি/);
  });
});
