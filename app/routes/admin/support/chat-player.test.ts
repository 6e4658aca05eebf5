// The chat console's player panel: the chat's own player (balance, VIP level, last payments, open requests, limits,
// a link to the player 360), never another player's figures, and only for the roles of the chat console.
import { beforeAll, expect, it } from "vitest";
import { openChat } from "#app/modules/chat/index.server.ts";
import { changeLimit } from "#app/modules/protection/limits.server.ts";
import { createMethodWithNumbers, createSite, depositFor } from "#app/modules/payments/test-helpers.ts";
import { createPlayer, fund, staffCookie, staffMember, taka } from "#tests/kit/index.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as chat from "./chat.tsx";

const cookies: Record<string, string> = {};
beforeAll(async () => {
  await createSite();
  for (const role of ["support", "finance"] as const) {
    const username = `chatp${role}${Date.now() % 100_000}`;
    await staffMember(role, username, "RolePass12345");
    cookies[role] = await staffCookie(username, "RolePass12345");
  }
});

type Panel = {
  player: {
    id: number;
    username: string;
    main: string;
    vip: string;
    payments: { amount: string }[];
    open: { type: string; amount: string }[];
    limits: { kind: string }[];
  };
};

it("shows the chat's player beside the chat, and none of another player's figures", async () => {
  const ctx = await createMethodWithNumbers();
  const [a, b] = await Promise.all([createPlayer(), createPlayer()]);
  await fund(a.id, taka(1234.5));
  await fund(b.id, taka(777));
  await depositFor(a.id, ctx, { amount: taka(500) });
  await depositFor(b.id, ctx, { amount: taka(999) });
  await changeLimit(a.id, { kind: "deposit", period: "day" }, taka(5_000));
  const conversation = await openChat(a.id);
  const out = await callRoute(chat, `/admin/support/chats/${conversation.id}`, {
    cookie: cookies.support,
    params: { chatId: String(conversation.id) },
  });
  expect(out.status).toBe(200);
  const { player } = out.data as Panel;
  expect(player).toMatchObject({ id: a.id, username: a.username, main: "৳1,234.50" });
  expect(player.vip).toBeTruthy();
  expect(player.open).toEqual([expect.objectContaining({ type: "deposit", amount: "৳500.00" })]);
  expect(player.payments.map((p) => p.amount)).toContain("৳500.00");
  expect(player.limits.map((l) => l.kind)).toEqual(["deposit"]);
  const text = JSON.stringify(out.data);
  expect(text).not.toContain("৳999.00");
  expect(text).not.toContain("৳777.00");
  expect(text).not.toContain(b.username);
  const denied = await callRoute(chat, `/admin/support/chats/${conversation.id}`, {
    cookie: cookies.finance,
    params: { chatId: String(conversation.id) },
  });
  expect(denied.status).toBe(403);
});
