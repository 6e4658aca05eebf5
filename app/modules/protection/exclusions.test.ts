// Time-out, self-exclusion and closure: every session ends at once, log-in is refused with until when (form and
// API), nothing is ever shortened, 50 parallel requests make one exclusion and one payout, the payout waits in
// finance's queue with its hold, broadcasts skip excluded players, and a time-out ends on its time.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { listInbox, postSystemMessage, sendInboxMessage, unreadCount } from "#app/modules/inbox/inbox.server.ts";
import { getPlayerBalances, getHold } from "#app/modules/ledger/queries.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { listWithdrawalQueue } from "#app/modules/payments/withdrawals.server.ts";
import { withdrawals } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  expectInvariants,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import { requestPasswordReset, resetPasswordWithToken } from "#app/modules/sessions/password-reset.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { loginWithPassword } from "#app/modules/auth/login.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { createSession, getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import * as apiLogin from "#app/routes/api/login.ts";
import * as formLogin from "#app/routes/auth/login.tsx";
import { callRoute } from "#tests/support/route-call.ts";
import {
  activeExclusion,
  applyExclusionForPlayer,
  closeAccount,
  ExclusionError,
  listPlayerExclusions,
  selfExclude,
  takeTimeOut,
} from "./exclusions.server.ts";
import { playerExclusions } from "./schema.ts";

const HOUR = 3_600_000;
let staff: Awaited<ReturnType<typeof createStaff>>;
let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let seq = 0;
const newPlayer = () => signedUpPlayer(`ex${process.pid % 10_000}n${++seq}`);

beforeAll(async () => {
  await seedDemoContent(db);
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 100 });
  staff = await createStaff();
  ctx = await createMethodWithNumbers();
  // No demo starting balance: the balances below are the deposits' alone.
  await setSettings({ demoStartingBalance: 0n });
});

afterAll(async () => {
  await expectInvariants();
  await closeIdleConnections();
});

async function sessionCount(playerId: number) {
  return (await db.select().from(sessions).where(eq(sessions.playerId, playerId))).length;
}

async function refusal<T>(promise: Promise<T>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExclusionError);
  return error as ExclusionError;
}

/** A player with ৳1,000 on main and a ৳500 bonus (turnover active) from an approved deposit. */
async function fundedPlayer() {
  const player = await newPlayer();
  // Every deposit needs a birthday (18+) first.
  await db.update(players).set({ birthday: "1990-01-01" }).where(eq(players.id, player.id));
  const promotion = await createPromotion({ bonusPercent: 50, maxBonus: taka(500) });
  const deposit = await depositFor(player.id, ctx, { amount: taka(1_000), promotionId: promotion.id });
  await approveDeposit({ staffId: staff.id, depositId: deposit.id });
  const balances = await getPlayerBalances(player.id);
  expect(balances.main.available).toBe(taka(1_000));
  expect(balances.bonus.available).toBe(taka(500));
  return player;
}

const login = (username: string, password = "Secret123") =>
  loginWithPassword(new Request("http://localhost/login", { method: "POST", headers: { "x-client-ip": "10.90.0.1" } }), username, password);

describe("every session ends at once", () => {
  it("a time-out deletes both sessions and getSessionPlayer answers nothing, even for a session made later", async () => {
    const player = await newPlayer();
    const a = await createSession(player.id);
    const b = await createSession(player.id);
    expect(await sessionCount(player.id)).toBe(2);
    expect(await getSessionPlayer(a.token)).toMatchObject({ id: player.id });

    const { exclusion, payout } = await takeTimeOut(player.id, "24h");
    expect(exclusion).toMatchObject({ kind: "timeout", playerId: player.id, staffId: null });
    expect(exclusion.endsAt!.getTime() - exclusion.startsAt.getTime()).toBe(24 * HOUR);
    expect(payout).toBeNull();
    expect(await sessionCount(player.id)).toBe(0);
    expect(await getSessionPlayer(a.token)).toBeUndefined();
    expect(await getSessionPlayer(b.token)).toBeUndefined();
    // Defence in depth: a session that somehow exists during the time-out is not a logged-in player.
    const late = await createSession(player.id);
    expect(await getSessionPlayer(late.token)).toBeUndefined();
  });

  it("a self-exclusion does the same", async () => {
    const player = await newPlayer();
    const a = await createSession(player.id);
    const b = await createSession(player.id);
    await selfExclude(player.id, "6m");
    expect(await sessionCount(player.id)).toBe(0);
    expect(await getSessionPlayer(a.token)).toBeUndefined();
    expect(await getSessionPlayer(b.token)).toBeUndefined();
  });
});

describe("log-in refused with until when", () => {
  it("the form answers 403 with the time-out's end in Dhaka time; the API the same in its message", async () => {
    const player = await newPlayer();
    const { exclusion } = await takeTimeOut(player.id, "7d");
    const until = formatDhaka(exclusion.endsAt, "YYYY-MM-DD HH:mm");
    const text = `You are on a time-out until ${until} (Dhaka time). You can log in again after that.`;

    const outcome = await login(player.username);
    expect(outcome).toMatchObject({ ok: false, status: 403, message: "protectionExclusion.loginRefused.until.timeout", params: { until } });

    const form = await callRoute(formLogin, "/login", {
      form: { username: player.username, password: "Secret123" },
      headers: { "x-client-ip": "10.90.0.2" },
    });
    expect(form.status).toBe(403);
    expect((form.data as { result: { error: Record<string, string[]> } }).result.error[""]?.map(inEnglish)).toEqual([text]);
    expect(form.headers.get("set-cookie")).toBeNull();

    const api = await callRoute(apiLogin, "/api/login", {
      json: { username: player.username, password: "Secret123" },
      headers: { "x-client-ip": "10.90.0.3" },
    });
    expect(api.status).toBe(403);
    expect(api.data).toEqual({ message: text });
    expect(await sessionCount(player.id)).toBe(0);
  });

  it("a wrong password stays 401 (an exclusion is told only to the account's owner)", async () => {
    const player = await newPlayer();
    await selfExclude(player.id, "1y");
    expect(await login(player.username, "Wrong1234")).toMatchObject({ ok: false, status: 401 });
  });

  it("permanent self-exclusion and closure say so", async () => {
    const excluded = await newPlayer();
    await selfExclude(excluded.id, "permanent");
    expect(await login(excluded.username)).toMatchObject({ status: 403, message: "protectionExclusion.loginRefused.permanent.self_exclusion" });
    const closed = await newPlayer();
    await closeAccount(closed.id, "moving abroad");
    expect(await login(closed.username)).toMatchObject({ status: 403, message: "protectionExclusion.loginRefused.permanent.closure" });
    expect(await activeExclusion(db, closed.id)).toMatchObject({ kind: "closure", endsAt: null });
  });

  it("a time-out ends on its time: log-in works again after, not a minute before", async () => {
    const ended = await newPlayer();
    await takeTimeOut(ended.id, "24h", { now: new Date(Date.now() - 24 * HOUR - 60_000) });
    expect(await activeExclusion(db, ended.id)).toBeNull();
    expect(await login(ended.username)).toMatchObject({ ok: true });

    const almost = await newPlayer();
    await takeTimeOut(almost.id, "24h", { now: new Date(Date.now() - 24 * HOUR + 60_000) });
    expect(await login(almost.username)).toMatchObject({ ok: false, status: 403 });
  });

  it("a password reset works but the log-in stays refused", async () => {
    const player = await newPlayer();
    await selfExclude(player.id, "6m");
    await requestPasswordReset(
      { channel: "email", username: player.username, email: player.email, robot: "on" },
      { ip: "10.91.0.1", minDurationMs: 0 },
    );
    const body = (await listMessagesTo(player.email)).at(-1)?.body ?? "";
    const token = body.match(/\/forgot-password\/new\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    expect(await resetPasswordWithToken(token!, "Brand4New")).toEqual({ ok: true });
    expect(await login(player.username, "Brand4New")).toMatchObject({
      ok: false,
      status: 403,
      message: "protectionExclusion.loginRefused.until.self_exclusion",
    });
    expect(await sessionCount(player.id)).toBe(0);
  });

  it("a custom time-out runs 1 to 42 days", async () => {
    const player = await newPlayer();
    expect((await refusal(takeTimeOut(player.id, { days: 43 }))).code).toBe("invalid_term");
    expect((await refusal(takeTimeOut(player.id, { days: 0 }))).code).toBe("invalid_term");
    const { exclusion } = await takeTimeOut(player.id, { days: 42 });
    expect(exclusion.endsAt!.getTime() - exclusion.startsAt.getTime()).toBe(42 * 24 * HOUR);
  });
});

describe("never shortened", () => {
  it("the player cannot replace a self-exclusion by a shorter one or a time-out", async () => {
    const player = await newPlayer();
    const { exclusion } = await selfExclude(player.id, "1y");
    const shorter = await refusal(selfExclude(player.id, "6m"));
    expect(shorter).toMatchObject({ code: "not_longer", messageKey: "protectionExclusion.errors.notLonger.self_exclusion" });
    expect(shorter.params.until).toBe(formatDhaka(exclusion.endsAt, "YYYY-MM-DD HH:mm"));
    expect((await refusal(takeTimeOut(player.id, "30d"))).code).toBe("not_longer");
    expect(await activeExclusion(db, player.id)).toMatchObject({ id: exclusion.id });
  });

  it("staff cannot shorten one either; a longer one is applied and audited", async () => {
    const player = await newPlayer();
    const own = await selfExclude(player.id, "1y");
    const by = { staffId: staff.id, ip: "203.0.113.9" };
    const refused = await refusal(applyExclusionForPlayer(by, player.id, "timeout", "30d", "asked by phone"));
    expect(refused.messageKey).toBe("protectionExclusion.errors.notLonger.self_exclusion");
    expect((await refusal(applyExclusionForPlayer(by, player.id, "self_exclusion", "6m", "asked by phone"))).code).toBe("not_longer");
    expect((await refusal(applyExclusionForPlayer(by, player.id, "self_exclusion", "5y", "  "))).code).toBe("invalid_term");

    const longer = await applyExclusionForPlayer(by, player.id, "self_exclusion", "5y", "asked by phone");
    expect(longer.exclusion).toMatchObject({ kind: "self_exclusion", staffId: staff.id, reason: "asked by phone" });
    expect(await activeExclusion(db, player.id)).toMatchObject({ id: longer.exclusion.id });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "player.self_exclusion"), eq(auditLog.entityId, String(player.id)), eq(auditLog.staffId, staff.id)));
    expect(entry).toMatchObject({ staffId: staff.id, ip: "203.0.113.9" });
    expect(entry!.after).toMatchObject({ exclusion: longer.exclusion.id, reason: "asked by phone" });

    await applyExclusionForPlayer(by, player.id, "self_exclusion", "permanent", "asked again");
    expect((await refusal(applyExclusionForPlayer(by, player.id, "self_exclusion", "permanent", "again"))).messageKey).toBe(
      "protectionExclusion.errors.notLongerPermanent.self_exclusion",
    );
    const history = await listPlayerExclusions(player.id);
    expect(history.map((h) => [h.kind, h.staffUsername])).toEqual([
      ["self_exclusion", staff.username],
      ["self_exclusion", staff.username],
      ["self_exclusion", null],
    ]);
    expect(history.every((h) => h.active)).toBe(true);
    // An empty balance: nothing to pay out.
    expect(history.filter((h) => h.payoutId !== null)).toEqual([]);
    expect(own.payout).toEqual({ withdrawal: null, bonusForfeited: 0n });
  });
});

describe("one at a time", () => {
  it("50 parallel staff time-outs: one row, one audit entry, the rest refused as not longer", async () => {
    const player = await newPlayer();
    const by = { staffId: staff.id, ip: null };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => applyExclusionForPlayer(by, player.id, "timeout", "30d", "asked")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as ExclusionError).code).toBe("not_longer");
    expect(await db.select().from(playerExclusions).where(eq(playerExclusions.playerId, player.id))).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "player.timeout"), eq(auditLog.entityId, String(player.id))));
    expect(audits).toHaveLength(1);
  });

  it("the player's own closure is audited too (no staff member, the request's address)", async () => {
    const player = await newPlayer();
    const { exclusion } = await closeAccount(player.id, "Taking a break from gambling", { ip: "198.51.100.7" });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "player.closure"), eq(auditLog.entityId, String(player.id))));
    expect(entry).toMatchObject({ staffId: null, ip: "198.51.100.7" });
    expect(entry!.after).toMatchObject({ exclusion: exclusion.id, endsAt: null, reason: "Taking a break from gambling" });
  });
});

describe("the balance goes to finance's payout queue", () => {
  it("50 parallel self-exclusions: one exclusion, one payout of the whole main balance, the bonus forfeited", async () => {
    const player = await fundedPlayer();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => selfExclude(player.id, "6m")));
    const done = results.filter((r) => r.status === "fulfilled");
    expect(done).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as ExclusionError).code).toBe("not_longer");

    const rows = await db.select().from(playerExclusions).where(eq(playerExclusions.playerId, player.id));
    expect(rows).toHaveLength(1);
    const payouts = await db.select().from(withdrawals).where(eq(withdrawals.playerId, player.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      exclusionId: rows[0]!.id,
      amount: taka(1_000),
      status: "pending",
      methodId: ctx.method.id,
      accountNumber: player.phone,
      idempotencyKey: `exclusion:${rows[0]!.id}`,
    });
    expect(await getHold(payouts[0]!.holdTransferId!)).toMatchObject({ status: "open" });

    const balances = await getPlayerBalances(player.id);
    expect(balances.main).toMatchObject({ available: 0n, pending: taka(1_000) });
    expect(balances.bonus.available).toBe(0n);
    const open = await db
      .select()
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.playerId, player.id), eq(turnoverRequirements.status, "active")));
    expect(open).toEqual([]);

    const queue = await listWithdrawalQueue({ status: "pending", pageSize: 100 });
    const item = queue.items.find((w) => w.id === payouts[0]!.id);
    expect(item).toMatchObject({ exclusionKind: "self_exclusion", amount: taka(1_000), username: player.username });
    expect((await listPlayerExclusions(player.id))[0]).toMatchObject({
      payoutId: payouts[0]!.id,
      payoutAmount: taka(1_000),
      payoutStatus: "pending",
    });
  });

  it("closing the account pays out too; a time-out leaves the balance where it is", async () => {
    const closing = await fundedPlayer();
    const { payout } = await closeAccount(closing.id, "");
    expect(payout?.withdrawal).toMatchObject({ amount: taka(1_000), status: "pending" });
    expect(payout?.bonusForfeited).toBe(taka(500));
    expect((await listWithdrawalQueue({ pageSize: 100 })).items.find((w) => w.playerId === closing.id)?.exclusionKind).toBe("closure");

    const resting = await fundedPlayer();
    await takeTimeOut(resting.id, "7d");
    expect((await getPlayerBalances(resting.id)).main.available).toBe(taka(1_000));
    expect(await db.select().from(withdrawals).where(eq(withdrawals.playerId, resting.id))).toEqual([]);
  });

  it("an empty balance makes no withdrawal", async () => {
    const player = await newPlayer();
    const { payout } = await selfExclude(player.id, "5y");
    expect(payout).toEqual({ withdrawal: null, bonusForfeited: 0n });
  });
});

describe("marketing stops", () => {
  it("a broadcast or list message sent during an exclusion does not reach the player; service messages do", async () => {
    const resting = await newPlayer();
    const other = await newPlayer();
    const returned = await newPlayer();
    await takeTimeOut(returned.id, "24h", { now: new Date(Date.now() - 48 * HOUR) });
    await takeTimeOut(resting.id, "30d");

    const sent = await sendInboxMessage({ staffId: staff.id, audience: "all", title: "Weekend bonus", body: "Deposit now!" });
    expect(sent.ok).toBe(true);
    const titles = async (id: number) => (await listInbox(id)).items.map((i) => i.title);
    expect(await titles(other.id)).toContain("Weekend bonus");
    expect(await titles(returned.id)).toContain("Weekend bonus");
    expect(await titles(resting.id)).not.toContain("Weekend bonus");
    expect(await unreadCount(resting.id)).toBe(0);

    const list = await sendInboxMessage({
      staffId: staff.id,
      audience: "list",
      usernames: `${resting.username}, ${other.username}`,
      title: "VIP offer",
      body: "Just for you",
    });
    expect(list).toMatchObject({ ok: true, recipients: 1 });
    expect(await titles(resting.id)).not.toContain("VIP offer");
    expect(await titles(other.id)).toContain("VIP offer");

    await db.transaction((tx) => postSystemMessage(tx, resting.id, "withdrawalApproved", { ref: "W1", amount: "500.00" }));
    expect(await titles(resting.id)).toEqual(["Withdrawal paid"]);
  });
});
