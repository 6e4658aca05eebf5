// The back office's list of gateway checkouts: the ones still open, the ones finance must look at (a payment that did
// not match what we asked for, or money refused at credit time and sent back), the ones that failed and the ones
// credited. Staff may ask the gateway about an open one at once instead of waiting for reconciliation.
import { count, desc, eq, inArray } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { PaymentError } from "./errors.ts";
import { financeWhere, type FinanceFilter } from "./finance-history.server.ts";
import { checkoutTabStatuses } from "./gateway-checkout-tabs.ts";
import { settleCheckout } from "./gateway-deposits.server.ts";
import { gatewayPayments, paymentMethods } from "./schema.ts";
import { toId } from "./validation.ts";

const openStatuses = checkoutTabStatuses("open")!;
const attentionStatuses = checkoutTabStatuses("attention")!;

/** Newest first, a numbered page of a finance filter (the tab's statuses in `statuses`, the status select in `status`). */
export async function listGatewayCheckouts({ filter = {}, page, pageSize }: { filter?: FinanceFilter; page: number; pageSize: number }) {
  const where = await financeWhere("checkouts", filter);
  // Whether a later page exists: one row past this page, never a count of every checkout ever made ("All").
  const [items, more] = await Promise.all([
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
    db
      .select({ id: gatewayPayments.id })
      .from(gatewayPayments)
      .where(where)
      .orderBy(desc(gatewayPayments.createdAt), desc(gatewayPayments.id))
      .limit(1)
      .offset(page * pageSize),
  ]);
  return { items: items.map((r) => ({ ...r.payment, username: r.username, methodName: r.methodName })), hasMore: more.length > 0 };
}

/** How many checkouts are open and how many need attention, whatever the page's filter (the tabs' counts). */
export async function checkoutCounts(): Promise<{ open: number; attention: number }> {
  const counts = await db
    .select({ status: gatewayPayments.status, n: count() })
    .from(gatewayPayments)
    .where(inArray(gatewayPayments.status, [...openStatuses, ...attentionStatuses]))
    .groupBy(gatewayPayments.status);
  const sum = (statuses: readonly string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((n, c) => n + c.n, 0);
  return { open: sum(openStatuses), attention: sum(attentionStatuses) };
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
