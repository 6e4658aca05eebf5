// The player's support chat signs staff replies as Support (in the page's language), never with a staff account's
// name or role such as the seeded admin's "Administrator".
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { openChat, sendPlayerMessage, staffReply } from "#app/modules/chat/chat.server.ts";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as chatBox from "./chat-box.tsx";

afterAll(closeIdleConnections);

type Page = { messages: { mine: boolean; author: string; content: string }[] };

describe("/chat-box/:chatId", () => {
  it("shows a staff reply as Support / সাপোর্ট, not the staff member's 'Administrator'", async () => {
    const player = await createPlayer();
    const [admin] = await db
      .insert(staffUsers)
      .values({ username: `admin${player.id}`, name: "Administrator", passwordHash: "x", role: "admin" })
      .returning();
    const chat = await openChat(player.id);
    await sendPlayerMessage(player.id, chat.id, "My deposit has not arrived");
    await staffReply({ staffId: admin!.id, chatId: chat.id, content: "We are checking it" });
    const { cookie } = await sessionFor(player);
    const chatId = String(chat.id);
    const en = (await callRoute(chatBox, `/chat-box/${chatId}`, { cookie, params: { chatId } })).data as Page;
    expect(en.messages.map((m) => m.author)).toEqual(["You", "Support"]);
    const bn = (await callRoute(chatBox, `/chat-box/${chatId}`, { cookie, params: { chatId }, headers: { "accept-language": "bn" } })).data as Page;
    expect(bn.messages[1]!.author).toBe("সাপোর্ট");
    expect(JSON.stringify([en, bn])).not.toContain("Administrator");
  });
});
