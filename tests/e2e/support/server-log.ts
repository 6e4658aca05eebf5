// The e2e server's output (scripts/e2e-server.mjs): the built-in gateway prints each SMS and e-mail there.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { outboxMessages } from "./outbox-messages.ts";

const logFile = path.resolve(process.env.E2E_SERVER_LOG ?? "test-results/e2e-server.log");

/** The last message sent to `recipient`: "EMAIL to <recipient>" (or SMS) and its text. */
function lastMessageTo(recipient: string) {
  const messages = outboxMessages(readFileSync(logFile, "utf8"));
  return messages.filter((m) => m.startsWith(`EMAIL to ${recipient}`) || m.startsWith(`SMS to ${recipient}`)).at(-1);
}

/** Waits for the outbox sender (it runs every few seconds) to deliver a message to `recipient`, and returns it. */
export async function waitForMessageTo(recipient: string, timeout = 20_000) {
  let message: string | undefined;
  await expect
    .poll(() => (message = lastMessageTo(recipient)), { timeout, message: `no [outbox] message to ${recipient} in ${logFile}` })
    .toBeTruthy();
  return message!;
}
