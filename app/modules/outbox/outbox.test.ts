import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { SMS_GATEWAY_URL, sentSms } from "#tests/mocks/sms-gateway.ts";
import { httpSmsGateway, type MessageGateway } from "./gateways.server.ts";
import { deliverPending, enqueueMessage, MAX_ATTEMPTS } from "./outbox.server.ts";
import { outboxMessages } from "./schema.ts";

const row = async (id: number) => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe("outbox", () => {
  it("sends pending SMS through the HTTP gateway and marks them sent", async () => {
    const id = await enqueueMessage(db, { channel: "sms", recipient: "+8801711111111", body: "Your code is 123456", kind: "test" });
    const gateway = httpSmsGateway(SMS_GATEWAY_URL, "secret-token");
    await deliverPending({ sms: gateway, email: gateway });
    expect(sentSms.at(-1)).toEqual({ to: "+8801711111111", message: "Your code is 123456", auth: "Bearer secret-token" });
    expect((await row(id)).status).toBe("sent");
  });

  it("keeps a message pending after a gateway error and gives up after the maximum attempts", async () => {
    const id = await enqueueMessage(db, { channel: "sms", recipient: "8801700000000", body: "bad number", kind: "test" });
    const gateway = httpSmsGateway(SMS_GATEWAY_URL, undefined);
    await deliverPending({ sms: gateway, email: gateway });
    const first = await row(id);
    expect(first.status).toBe("pending");
    expect(first.lastError).toContain("422");
    for (let i = 1; i < MAX_ATTEMPTS; i++) await deliverPending({ sms: gateway, email: gateway });
    expect((await row(id)).status).toBe("failed");
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const before = (await db.select().from(outboxMessages)).length;
    await db
      .transaction(async (tx) => {
        await enqueueMessage(tx, { channel: "email", recipient: "a@example.com", body: "x", kind: "test" });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect((await db.select().from(outboxMessages)).length).toBe(before);
  });

  it("sends each message once", async () => {
    const id = await enqueueMessage(db, { channel: "email", recipient: "once@example.com", subject: "Hi", body: "x", kind: "test" });
    const seen: string[] = [];
    const recorder: MessageGateway = { send: async (m) => void seen.push(m.recipient) };
    await deliverPending({ sms: recorder, email: recorder });
    await deliverPending({ sms: recorder, email: recorder });
    expect(seen.filter((r) => r === "once@example.com")).toHaveLength(1);
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });
});
