import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { httpSmsGateway, logGateway, type MessageGateway } from "./gateways.server.ts";
import { outboxMessages } from "./schema.ts";

export const MAX_ATTEMPTS = 5;

export type NewMessage = { channel: "sms" | "email"; recipient: string; subject?: string; body: string; kind: string };

/** Queue a message; pass the caller's transaction so it is sent only if the caller's change commits. */
export async function enqueueMessage(executor: Executor, message: NewMessage) {
  const [row] = await executor
    .insert(outboxMessages)
    .values({ ...message, subject: message.subject ?? "" })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export function gatewaysFromEnv(): Record<"sms" | "email", MessageGateway> {
  const env = getEnv();
  return {
    sms: env.SMS_GATEWAY_URL ? httpSmsGateway(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN) : logGateway,
    email: logGateway,
  };
}

/** Sends up to `limit` pending messages. Rows are claimed with SKIP LOCKED so several instances never send one twice. */
export async function deliverPending(gateways = gatewaysFromEnv(), limit = 20) {
  let sent = 0;
  await db.transaction(async (tx) => {
    const batch = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "pending"), lt(outboxMessages.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outboxMessages.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const m of batch) {
      try {
        await gateways[m.channel].send(m);
        await tx
          .update(outboxMessages)
          .set({ status: "sent", sentAt: new Date(), attempts: m.attempts + 1, lastError: null })
          .where(eq(outboxMessages.id, m.id));
        sent++;
      } catch (e) {
        const attempts = m.attempts + 1;
        await tx
          .update(outboxMessages)
          .set({ attempts, lastError: String(e).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
          .where(eq(outboxMessages.id, m.id));
      }
    }
  });
  return sent;
}

export async function listMessagesTo(recipient: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(asc(outboxMessages.id));
}

export async function pendingCount() {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(inArray(outboxMessages.status, ["pending"]));
  return row?.n ?? 0;
}

const log = rootLog.child({ module: "outbox" });
let timer: NodeJS.Timeout | undefined;
export function startOutboxSender(intervalMs = 2_000) {
  if (timer) return;
  const gateways = gatewaysFromEnv();
  timer = setInterval(() => {
    deliverPending(gateways).catch((e: unknown) => log.error({ err: e }, "a delivery pass failed"));
  }, intervalMs);
  timer.unref();
}
