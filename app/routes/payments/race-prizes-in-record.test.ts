// A wager race's prize is money the player received: /transaction-record lists it as its own kind ("Race prize",
// filterable) with the race's name (in the player's language) and the period it was won in, and its details open
// for that player only. The id is the ledger transfer that paid it (R<id>); another player never sees it.
import { afterAll, describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en/payments.ts";
import bn from "#app/i18n/locales/bn/payments.ts";
import enAdmin from "#app/i18n/locales/en/adminPayments.ts";
import bnAdmin from "#app/i18n/locales/bn/adminPayments.ts";
import { db } from "#app/db/db.server.ts";
import { languageCookie } from "#app/i18n/i18n.server.ts";
import { getTransferByKey } from "#app/modules/ledger/index.server.ts";
import { getTransaction, latestTransactions, listTransactions } from "#app/modules/payments/transactions.server.ts";
import { closeIdleConnections, createPlayer, createStaff, expectInvariants, taka } from "#app/modules/payments/test-helpers.ts";
import { countWager, runRacePayouts, saveRace } from "#app/modules/races/index.server.ts";
import { periodLabel, periodStartOf } from "#app/modules/races/index.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as transactionDetails from "./transaction-details.tsx";
import * as transactionRecord from "./transaction-record.tsx";

afterAll(async () => {
  await expectInvariants();
  // The standings' announcements go out a second after the wagers: let them, before the pool closes.
  await new Promise((r) => setTimeout(r, 1_200));
  await closeIdleConnections();
});

type Row = { id: string; type: string; sign: string; amount: string; status: string; method: string | null };
const rowsOf = (data: unknown) => (data as { days: { rows: Row[] }[] }).days.flatMap((d) => d.rows);

/** A weekly race that ended last week, won by `winner` (rank 1, ৳100 to main) ahead of `second` (rank 2, ৳40 to bonus). */
async function paidWeeklyRace(wallet: "main" | "bonus" = "main") {
  const lastWeek = new Date(Date.now() - 7 * 86_400_000);
  const staff = await createStaff();
  const name = `Weekly sprint ${Math.random().toString(36).slice(2, 7)}`;
  const { id: raceId } = await saveRace(
    { id: staff.id, ip: null },
    null,
    {
      name,
      nameBn: `সাপ্তাহিক দৌড় ${raceIdTag++}`,
      period: "weekly",
      products: ["house"],
      minStake: taka(1),
      prizes: [taka(100), taka(40)],
      wallet,
      turnoverMultiplier: 0,
      active: true,
    },
    lastWeek,
  );
  const [winner, second] = [await createPlayer(), await createPlayer()];
  await db.transaction((tx) => countWager(tx, { playerId: winner.id, stake: taka(500), product: "house", at: lastWeek }));
  await db.transaction((tx) => countWager(tx, { playerId: second.id, stake: taka(200), product: "house", at: lastWeek }));
  await runRacePayouts();
  const periodStart = periodStartOf("weekly", lastWeek);
  const transfer = await getTransferByKey(`race:${raceId}:${periodStart}:1`);
  return { raceId, name, periodStart, winner, second, id: `R${transfer!.id}` };
}
let raceIdTag = 1;

describe("race prizes in the transaction record", () => {
  it("lists a prize as its own kind with the race and its period, filterable, in English and Bangla", async () => {
    const race = await paidWeeklyRace();
    const { cookie } = await sessionFor(race.winner);
    const period = periodLabel("weekly", race.periodStart);
    const all = rowsOf((await callRoute(transactionRecord, "/transaction-record?range=all", { cookie })).data);
    expect(all).toEqual([
      expect.objectContaining({ id: race.id, type: "race", sign: "+", amount: "৳100.00", status: "success", method: `${race.name} · ${period}` }),
    ]);
    expect(period).toMatch(/^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    expect(rowsOf((await callRoute(transactionRecord, "/transaction-record?range=all&type=race", { cookie })).data)).toHaveLength(1);
    expect(rowsOf((await callRoute(transactionRecord, "/transaction-record?range=all&type=deposit", { cookie })).data)).toHaveLength(0);
    // Bangla: the race's Bangla name.
    const bangla = rowsOf(
      (
        await callRoute(transactionRecord, "/transaction-record?range=all", {
          cookie: `${cookie}; ${(await languageCookie.serialize("bn")).split(";")[0]}`,
        })
      ).data,
    );
    expect(bangla[0]!.method).toMatch(new RegExp(`^সাপ্তাহিক দৌড় \\d+ · ${period}$`));
    // The runner-up has their own prize, not the winner's.
    const second = await listTransactions(race.second.id, { range: "all", type: "race" });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({ type: "race", amount: taka(40) });
    expect(second.items[0]!.id).not.toBe(race.id);
  });

  it("opens the prize's details for its player only; another player's id is a 404", async () => {
    const race = await paidWeeklyRace("bonus");
    const { cookie } = await sessionFor(race.winner);
    const details = await callRoute(transactionDetails, `/transaction-record/${race.id}`, { cookie, params: { id: race.id } });
    expect(details.status).toBe(200);
    const data = details.data as { tx: Record<string, unknown>; fields: { key: string; value: string }[] };
    expect(data.tx).toMatchObject({ id: race.id, type: "race", status: "success", amount: "৳100.00", sign: "+" });
    expect(Object.fromEntries(data.fields.map((f) => [f.key, f.value]))).toMatchObject({
      transactionId: race.id,
      race: race.name,
      period: periodLabel("weekly", race.periodStart),
      rank: "#1",
      amount: "৳100.00",
      wallet: en.wallet.bonus,
    });
    // The runner-up, a stranger and any other ledger transfer's id: not theirs.
    for (const other of [race.second, await createPlayer()]) {
      const intruder = (await sessionFor(other)).cookie;
      expect((await callRoute(transactionDetails, `/transaction-record/${race.id}`, { cookie: intruder, params: { id: race.id } })).status).toBe(404);
      expect(await getTransaction(other.id, race.id)).toBeNull();
      expect((await listTransactions(other.id, { range: "all" })).items.map((i) => i.id)).not.toContain(race.id);
    }
    expect(await getTransaction(race.winner.id, "R999999999999")).toBeNull();
    expect((await latestTransactions([race.winner.id], 5)).get(race.winner.id)).toMatchObject([{ id: race.id, type: "race", amount: taka(100) }]);
  });

  it("names the kind and its fields in English and Bangla", () => {
    expect(en.type.race).toBe("Race prize");
    expect(bn.type.race).toMatch(/রেস/);
    expect(enAdmin.txType.race).toBe("Race prize");
    expect(bnAdmin.txType.race).toMatch(/রেস/);
    for (const key of ["race", "period", "rank", "wallet"] as const) expect(bn.fields[key]).not.toBe(en.fields[key]);
  });
});
