// The back office's list of gateway checkouts: the ones still open, the ones finance must look at (a payment that did
// not match what we asked for, or money refused at credit time and sent back), the ones that failed and the ones
// credited. Staff may ask the gateway about an open one at once instead of waiting for reconciliation.
import { count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { PaymentError } from "./errors.ts";
import { type CheckoutTab } from "./gateway-checkout-tabs.ts";
import { settleCheckout } from "./gateway-deposits.server.ts";
import { type GatewayPaymentState, gatewayPayments, paymentMethods } from "./schema.ts";
import { toId } from "./validation.ts";

const statusesOf: Record<Exclude<CheckoutTab, "all">, GatewayPaymentState[]> = {
  open: ["initiated"],
  attention: ["mismatch", "refused"],
  failed: ["failed", "cancelled", "expired"],
  credited: ["completed", "refunded"],
};

const tabCondition = (tab: CheckoutTab): SQL | undefined => (tab === "all" ? undefined : inArray(gatewayPayments.status, statusesOf[tab]));

/** Newest first; `tab` picks the statuses. How many are open and how many need attention, for the tabs. */
export async function listGatewayCheckouts({ tab, page, pageSize }: { tab: CheckoutTab; page: number; pageSize: number }) {
  const where = tabCondition(tab);
  const [items, [total], counts] = await Promise.all([
    db
      .select({
        payment: gatewayPayments,
        username: players.username,
        methodName: paymentMethods.name,
      })
      .from(gatewayPayments)
      .innerJoin(players, eq(players.id, gatewayPayments.playerId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, gatewayPayments.methodId))
      .where(where)
      .orderBy(desc(gatewayPayments.createdAt), desc(gatewayPayments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(gatewayPayments).where(where),
    db
      .select({ status: gatewayPayments.status, n: count() })
      .from(gatewayPayments)
      .where(inArray(gatewayPayments.status, [...statusesOf.open, ...statusesOf.attention]))
      .groupBy(gatewayPayments.status),
  ]);
  const sum = (tab: "open" | "attention") => counts.filter((c) => statusesOf[tab].includes(c.status)).reduce((n, c) => n + c.n, 0);
  return {
    items: items.map((r) => ({ ...r.payment, username: r.username, methodName: r.methodName })),
    total: total?.n ?? 0,
    openCount: sum("open"),
    attentionCount: sum("attention"),
  };
}

/** One checkout by its id (any malformed id is none). */
export async function getGatewayCheckout(id: unknown) {
  const rowId = toId(id);
  if (rowId === null) return undefined;
  const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.id, rowId));
  return row;
}

/** Staff ask the gateway now about one open checkout; returns it as it stands after the answer (or no answer). */
export async function checkGatewayCheckout(id: unknown) {
  const row = await getGatewayCheckout(id);
  if (!row) throw new PaymentError("not_found", "payments.errors.notFound");
  if (row.status !== "initiated") throw new PaymentError("already_reviewed", "payments.errors.checkoutFinished");
  return settleCheckout(row, { execute: false });
}
