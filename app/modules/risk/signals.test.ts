import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { type AmlSignalKind, amlSignals } from "#app/modules/risk/schema.ts";
import { riskCursors } from "./schema.ts";
import { playerSignals } from "./signals.server.ts";
import { deposit, extraPhone, limitChange, player, round, runJob, session, taka, timeline, withdrawal } from "./test-helpers.ts";

afterAll(closeIdleConnections);

const kindsOf = async (playerId: number) => (await playerSignals(playerId)).map((s) => s.kind).sort();
const signalsOf = async (playerId: number, kind: AmlSignalKind) =>
  db
    .select()
    .from(amlSignals)
    .where(and(eq(amlSignals.playerId, playerId), eq(amlSignals.kind, kind)));

describe("AML signals on crafted histories", () => {
  it("a normal player (deposits, plays it through, withdraws once, own device and numbers) raises nothing", async () => {
    const at = timeline();
    const normal = await player(at(0));
    const other = await player(at(0));
    await session(normal.id, at(1), { deviceId: "device-normal-aaaaaaaaaaaa", ip: "203.0.113.10" });
    await session(other.id, at(1), { deviceId: "device-other-bbbbbbbbbbbbb", ip: "203.0.113.11" });
    await deposit(normal.id, taka(10_000), at(2));
    await deposit(other.id, taka(5_000), at(2));
    await round(normal.id, taka(12_000), taka(11_000), at(10));
    await withdrawal(normal.id, taka(9_000), at(60), normal.phone);
    await runJob();
    expect(await kindsOf(normal.id)).toEqual([]);
    expect(await kindsOf(other.id)).toEqual([]);
  });

  it("deposits withdrawn with little play: stakes below the ratio of the last approved deposit", async () => {
    const at = timeline();
    const p = await player(at(0));
    const d = await deposit(p.id, taka(10_000), at(1));
    await round(p.id, taka(2_000), 0n, at(5)); // 0.2 of the deposit, under 0.3
    const w = await withdrawal(p.id, taka(8_000), at(10), p.phone);
    await runJob();
    const [signal] = await signalsOf(p.id, "low_play_withdrawal");
    expect(signal?.evidence).toMatchObject({ withdrawalId: w.id, depositId: d.id, depositAmount: String(taka(10_000)), stakes: String(taka(2_000)) });

    const fine = await player(at(0));
    await deposit(fine.id, taka(10_000), at(1));
    await round(fine.id, taka(3_000), 0n, at(5)); // exactly the ratio: not below it
    await withdrawal(fine.id, taka(7_000), at(10), fine.phone);
    await runJob();
    expect(await signalsOf(fine.id, "low_play_withdrawal")).toEqual([]);
  });

  it("rapid in-and-out cycling: N deposit -> withdrawal cycles within the window", async () => {
    const at = timeline();
    const p = await player(at(0));
    for (let i = 0; i < 3; i++) {
      await deposit(p.id, taka(1_000), at(i * 60));
      await round(p.id, taka(1_000), taka(900), at(i * 60 + 5));
      await withdrawal(p.id, taka(900), at(i * 60 + 30), p.phone);
    }
    await runJob();
    const signals = await signalsOf(p.id, "rapid_cycling");
    expect(signals).toHaveLength(1);
    expect(signals[0]!.evidence).toMatchObject({ count: 3 });

    const slow = await player(at(0));
    for (let i = 0; i < 3; i++) {
      await deposit(slow.id, taka(1_000), at(i * 60 * 25)); // one cycle a day: never 3 within 24 h
      await round(slow.id, taka(1_000), taka(900), at(i * 60 * 25 + 5));
      await withdrawal(slow.id, taka(900), at(i * 60 * 25 + 30), slow.phone);
    }
    await runJob();
    expect(await signalsOf(slow.id, "rapid_cycling")).toEqual([]);
  });

  it("several accounts on one device, IP address (from the setting's count), wallet number or phone", async () => {
    const at = timeline();
    const [a, b, c, d] = [await player(at(0)), await player(at(0)), await player(at(0)), await player(at(0))];
    await session(a.id, at(1), { deviceId: "shared-device-xxxxxxxxxxxx", ip: "198.51.100.7" });
    await session(b.id, at(2), { deviceId: "shared-device-xxxxxxxxxxxx", ip: "198.51.100.7" });
    await session(c.id, at(3), { deviceId: "own-device-cccccccccccccccc", ip: "198.51.100.8" });
    await runJob();
    expect((await signalsOf(a.id, "shared_device"))[0]?.evidence).toMatchObject({ otherPlayerIds: [b.id] });
    expect((await signalsOf(b.id, "shared_device"))[0]?.evidence).toMatchObject({ otherPlayerIds: [a.id] });
    expect(await signalsOf(c.id, "shared_device")).toEqual([]);
    // Two accounts on one address are not enough (the default asks for 3); a third makes it.
    expect(await signalsOf(a.id, "shared_address")).toEqual([]);
    await session(d.id, at(4), { ip: "198.51.100.7" });
    await session(c.id, at(4), { ip: "local" });
    await runJob();
    expect((await signalsOf(d.id, "shared_address"))[0]?.evidence).toMatchObject({ otherPlayerIds: [a.id, b.id] });
    expect(await signalsOf(c.id, "shared_address")).toEqual([]);

    // c funds from d's wallet number; d adds c's phone as an extra phone.
    await deposit(c.id, taka(1_000), at(10), { sender: d.phone });
    await extraPhone(d.id, c.phone, at(11));
    await runJob();
    expect(await kindsOf(c.id)).toEqual(["shared_phone", "shared_wallet_number"]);
    expect((await signalsOf(c.id, "shared_wallet_number"))[0]?.evidence).toMatchObject({ value: d.phone, otherPlayerIds: [d.id] });
    expect((await signalsOf(d.id, "shared_phone"))[0]?.evidence).toMatchObject({ value: c.phone, otherPlayerIds: [c.id] });
  });

  it("deposits split to stay under the threshold within 24 hours", async () => {
    const at = timeline();
    const p = await player(at(0));
    for (let i = 0; i < 3; i++) await deposit(p.id, taka(8_000), at(i * 120));
    await runJob();
    const [signal] = await signalsOf(p.id, "split_deposits");
    expect(signal?.evidence).toMatchObject({ total: String(taka(24_000)), threshold: String(taka(20_000)) });

    const spread = await player(at(0));
    for (let i = 0; i < 3; i++) await deposit(spread.id, taka(8_000), at(i * 60 * 13)); // 26 h from first to last
    const big = await player(at(0));
    await deposit(big.id, taka(15_000), at(1));
    await deposit(big.id, taka(15_000), at(2)); // two over the threshold's sum, but only two
    await runJob();
    expect(await signalsOf(spread.id, "split_deposits")).toEqual([]);
    expect(await signalsOf(big.id, "split_deposits")).toEqual([]);
  });

  it("reused and near-duplicate TRX IDs, across players", async () => {
    const at = timeline();
    const [a, b, c] = [await player(at(0)), await player(at(0)), await player(at(0))];
    const first = await deposit(a.id, taka(1_000), at(1), { trxId: `Q7${a.id}AB9KX` });
    const same = await deposit(b.id, taka(1_000), at(2), { trxId: `q7-${a.id}ab9kx` });
    const near = await deposit(a.id, taka(1_000), at(3), { trxId: `Q7${a.id}AB9KY` });
    await deposit(c.id, taka(1_000), at(4), { trxId: `ZZ${c.id}MM1PQRS` });
    await runJob();
    const onB = await signalsOf(b.id, "trx_reuse");
    expect(onB.map((s) => s.evidence)).toEqual([
      expect.objectContaining({ match: "same", depositId: same.id, otherDepositId: first.id, otherPlayerIds: [a.id] }),
    ]);
    const onA = (await signalsOf(a.id, "trx_reuse")).map((s) => s.evidence);
    expect(onA).toEqual(
      expect.arrayContaining([expect.objectContaining({ match: "near", depositId: near.id, otherDepositId: first.id, otherPlayerIds: [] })]),
    );
    expect(await signalsOf(c.id, "trx_reuse")).toEqual([]);
  });

  it("a limit raise or removal requested within N hours after a large net loss", async () => {
    const at = timeline();
    const loser = await player(at(0));
    await round(loser.id, taka(60_000), taka(5_000), at(10)); // net loss ৳55,000 >= ৳50,000
    await limitChange(loser.id, "request_increase", at(60));
    const small = await player(at(0));
    await round(small.id, taka(10_000), 0n, at(10));
    await limitChange(small.id, "request_removal", at(60));
    const lowered = await player(at(0));
    await round(lowered.id, taka(60_000), 0n, at(10));
    await limitChange(lowered.id, "decrease", at(60));
    const later = await player(at(0));
    await round(later.id, taka(60_000), 0n, at(10));
    await limitChange(later.id, "request_increase", at(60 * 25)); // over 24 h after the loss
    await runJob();
    expect((await signalsOf(loser.id, "limit_raised_after_loss"))[0]?.evidence).toMatchObject({
      action: "request_increase",
      netLoss: String(taka(55_000)),
    });
    for (const p of [small, lowered, later]) expect(await signalsOf(p.id, "limit_raised_after_loss")).toEqual([]);
  });
});

describe("the AML job", () => {
  it("raises each finding once however often and however many at once it runs", async () => {
    const at = timeline();
    const p = await player(at(0));
    for (let i = 0; i < 3; i++) await deposit(p.id, taka(8_000), at(i));
    const q = await player(at(0));
    await session(p.id, at(5), { deviceId: "parallel-device-pppppppppp" });
    await session(q.id, at(6), { deviceId: "parallel-device-pppppppppp" });
    await Promise.all(Array.from({ length: 50 }, () => runJob()));
    await runJob();
    expect(await kindsOf(p.id)).toEqual(["shared_device", "split_deposits"]);
    expect(await kindsOf(q.id)).toEqual(["shared_device"]);
    const dupes = rowsOf(await db.execute(sql`select fingerprint from aml_signals group by fingerprint having count(*) > 1`));
    expect(dupes).toEqual([]);
  });

  it("reads only the rows past its cursor, and moves the cursor to the last one", async () => {
    const at = timeline();
    const p = await player(at(0));
    await runJob();
    const [before] = await db.select().from(riskCursors).where(eq(riskCursors.source, "deposits"));
    // Three small deposits dated before the cursor: a history the job has already passed, so it never looks again.
    const old = new Date(before!.at.getTime() - 3_600_000);
    for (let i = 0; i < 3; i++) await deposit(p.id, taka(8_000), new Date(old.getTime() + i * 1000));
    const read = await runJob();
    expect(read.deposits).toBe(0);
    expect(await signalsOf(p.id, "split_deposits")).toEqual([]);
    const last = await deposit(p.id, taka(1_000), at(10));
    expect((await runJob()).deposits).toBe(1);
    const [after] = await db.select().from(riskCursors).where(eq(riskCursors.source, "deposits"));
    expect(after).toMatchObject({ key: String(last.id), at: at(10) });
  });
});
