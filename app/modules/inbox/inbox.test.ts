import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { stopEventBus, subscribePlayer, type Notice } from "#app/modules/events/bus.server.ts";
import { approveDeposit, rejectDeposit } from "#app/modules/payments/deposits.server.ts";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createSite,
  createStaff,
  depositFor,
  newKey,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { getInboxMessage, listInbox, sendInboxMessage, unreadCount, updateInbox } from "./inbox.server.ts";
import { parseUsernames, preview, sendMessageSchema } from "./validation.ts";

let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  await createSite({ depositTurnoverHundredths: 0 });
  staff = await createStaff();
});

afterAll(async () => {
  await stopEventBus();
  await closeIdleConnections();
});

const send = (audience: "player" | "list" | "all", usernames = "", title = "Hello", body = "One two three four five six seven") =>
  sendInboxMessage({ staffId: staff.id, audience, usernames, title, body });

describe("previews and parsing", () => {
  it("shows the first five words with an ellipsis only when there are more", () => {
    expect(preview("One two three four five six")).toBe("One two three four five…");
    expect(preview("  One two\nthree  ")).toBe("One two three");
    expect(preview("আপনার জমা অনুমোদিত হয়েছে এবং যোগ করা হয়েছে")).toBe("আপনার জমা অনুমোদিত হয়েছে এবং…");
  });

  it("splits usernames on commas, spaces and lines, once each", () => {
    expect(parseUsernames("a, b\nc  A ;d")).toEqual(["a", "b", "c", "d"]);
  });

  it("needs usernames for one player or a list, exactly one for one player", () => {
    expect(sendMessageSchema.safeParse({ audience: "player", title: "t", body: "b" }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ audience: "player", usernames: "a b", title: "t", body: "b" }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ audience: "list", usernames: "a b", title: "t", body: "b" }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ audience: "all", title: " ", body: "b" }).success).toBe(false);
  });
});

describe("targeting", () => {
  it("a message to one player reaches that player only", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const sent = await send("player", a.username.toUpperCase());
    expect(sent).toMatchObject({ ok: true, recipients: 1 });
    const id = sent.ok ? sent.messageId : 0;
    expect((await listInbox(a.id)).items.map((m) => m.id)).toContain(id);
    expect((await listInbox(b.id)).items.map((m) => m.id)).not.toContain(id);
    expect(await getInboxMessage(b.id, id)).toBeNull();
  });

  it("a list reaches the listed players; an unknown name refuses the whole send", async () => {
    const [a, b, c] = [await createPlayer(), await createPlayer(), await createPlayer()];
    expect(await send("list", `${a.username}, nosuchplayer9`)).toEqual({ ok: false, unknown: ["nosuchplayer9"] });
    const sent = await send("list", `${a.username}\n${b.username}`);
    const id = sent.ok ? sent.messageId : 0;
    expect(await getInboxMessage(a.id, id)).not.toBeNull();
    expect(await getInboxMessage(b.id, id)).not.toBeNull();
    expect(await getInboxMessage(c.id, id)).toBeNull();
    const [row] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(row).toMatchObject({ action: "inbox.send", staffId: staff.id });
  });

  it("a message to everyone reaches every player registered before it without a row per player; read and deleted are per player", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const before = await unreadCount(a.id);
    const sent = await send("all", "", "Maintenance", "The site pauses at 02:00 for ten minutes");
    const id = sent.ok ? sent.messageId : 0;
    expect(await unreadCount(a.id)).toBe(before + 1);
    const rows = await db.execute(`select count(*)::int as n from inbox_recipients where message_id = ${id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    expect(await updateInbox(a.id, [id], "read")).toBe(1);
    expect((await getInboxMessage(a.id, id))?.read).toBe(true);
    expect((await getInboxMessage(b.id, id))?.read).toBe(false);
    expect(await updateInbox(b.id, [id], "delete")).toBe(1);
    expect(await getInboxMessage(b.id, id)).toBeNull();
    expect(await getInboxMessage(a.id, id)).not.toBeNull();

    // A player who registers later does not get the old broadcast.
    const late = await createPlayer();
    await db
      .update(players)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(players.id, late.id));
    expect(await getInboxMessage(late.id, id)).toBeNull();
  });

  it("reading or deleting another player's message changes nothing", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const sent = await send("player", a.username);
    const id = sent.ok ? sent.messageId : 0;
    expect(await updateInbox(b.id, [id], "read")).toBe(0);
    expect(await updateInbox(b.id, [id], "delete")).toBe(0);
    expect((await getInboxMessage(a.id, id))?.read).toBe(false);
  });

  it("pages newest first with the unread count and the last page", async () => {
    const p = await createPlayer();
    for (let i = 0; i < 12; i++) await send("player", p.username, `M${i}`);
    const first = await listInbox(p.id, { page: 1, pageSize: 10 });
    expect(first.items[0]!.title).toBe("M11");
    expect(first.lastPage).toBe(2);
    expect(first.unread).toBe(first.total);
    expect((await listInbox(p.id, { page: 2, pageSize: 10 })).items.at(-1)!.title).not.toBe("M11");
  });

  it("publishes an inbox notice to the recipients' streams, and to everyone for a broadcast", async () => {
    const [a, b] = [await createPlayer(), await createPlayer()];
    const seenA: Notice[] = [];
    const seenB: Notice[] = [];
    const offA = subscribePlayer(a.id, (n) => seenA.push(n));
    const offB = subscribePlayer(b.id, (n) => seenB.push(n));
    await send("player", a.username);
    expect(seenA).toEqual([{ kind: "inbox", playerId: a.id }]);
    expect(seenB).toEqual([]);
    await send("all");
    expect(seenB).toEqual([{ kind: "inbox", playerId: "all" }]);
    offA();
    offB();
  });
});

describe("payment outcomes", () => {
  it("approving and rejecting deposits and withdrawals each leave a message in the player's inbox", async () => {
    const ctx = await createMethodWithNumbers();
    const p = await createPlayer();
    const d1 = await depositFor(p.id, ctx, { amount: taka(1_000) });
    await approveDeposit({ staffId: staff.id, depositId: d1.id });
    const d2 = await depositFor(p.id, ctx, { amount: taka(500) });
    await rejectDeposit({ staffId: staff.id, depositId: d2.id, reason: "No such TrxID" });
    const { withdrawal: w1 } = await requestWithdrawal(p.id, { methodId: ctx.method.id, amount: "500", idempotencyKey: newKey() });
    await rejectWithdrawal({ staffId: staff.id, withdrawalId: w1.id, reason: "Wrong number" });
    const { withdrawal: w2 } = await requestWithdrawal(p.id, { methodId: ctx.method.id, amount: "500", idempotencyKey: newKey() });
    await approveWithdrawal({ staffId: staff.id, withdrawalId: w2.id, payoutReference: "PAY1" });

    const { items } = await listInbox(p.id);
    expect(items.map((m) => m.template)).toEqual(["withdrawalApproved", "withdrawalRejected", "depositRejected", "depositApproved"]);
    expect(items.find((m) => m.template === "depositApproved")).toMatchObject({ params: { ref: `D${d1.id}`, amount: "1,000" }, read: false });
    expect(items.find((m) => m.template === "depositRejected")!.body).toContain("No such TrxID");
  });
});
