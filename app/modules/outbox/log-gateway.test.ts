// The built-in gateway prints each message to the server log; the browser tests read codes and links back from it
// (tests/e2e/support/outbox-messages.ts), from the production server's JSON lines or a readable development log.
import { describe, expect, it } from "vitest";
import { captureLogs, prettyLine } from "#app/kernel/log.server.ts";
import { outboxMessages } from "#tests/e2e/support/outbox-messages.ts";
import { logGateway } from "./gateways.server.ts";

const email = {
  channel: "email",
  recipient: "p@example.test",
  subject: "Reset your password",
  body: 'Open "https://x.test/forgot-password/new?token=a-B_1"\nThanks',
} as const;
const sms = { channel: "sms", recipient: "8801700000000", subject: "", body: "Your code is 123456" } as const;

describe("the log gateway", () => {
  it("logs each message at info under the module outbox, and the browser tests' reader gets the text back", async () => {
    const logs = captureLogs({ level: "info" });
    try {
      await logGateway.send(email);
      await logGateway.send(sms);
    } finally {
      logs.restore();
    }
    expect(logs.records.map((r) => [r.level, r.module])).toEqual([
      ["info", "outbox"],
      ["info", "outbox"],
    ]);
    const sent = ["EMAIL to p@example.test — Reset your password\n" + email.body, "SMS to 8801700000000\nYour code is 123456"];
    expect(logs.messages()).toEqual(sent);

    // Production: one JSON line per record, other records in between.
    const json = logs.records.flatMap((r) => [JSON.stringify(r), JSON.stringify({ level: "info", module: "crash", msg: "x" })]).join("\n");
    expect(outboxMessages(`${json}\n`)).toEqual(sent);
    // Development: readable lines.
    const readable = logs.records.map((r) => prettyLine(JSON.stringify(r))).join("");
    const messages = outboxMessages(readable);
    expect(messages).toHaveLength(2);
    messages.forEach((m, i) => expect(m.startsWith(sent[i]!)).toBe(true));
    expect(/\b(\d{6})\b/.exec(messages.at(-1)!)![1]).toBe("123456");
  });
});
