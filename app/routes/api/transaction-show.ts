import { apiError, checkMethod, NO_STORE, rejectMethod, absoluteUrl } from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import type { DateRange, TransactionStatus, TransactionType } from "#app/modules/payments/index.ts";
import { listTransactions, PAGE_SIZES, type TransactionItem } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/transaction-show";

// The spec's filter values (desktop: 0/1/2, -1 = all; date 0 today, 1 yesterday, 7 last 7 days) or the words.
const statuses: Record<string, TransactionStatus> = {
  "0": "pending",
  "1": "success",
  "2": "fail",
  pending: "pending",
  success: "success",
  fail: "fail",
};
const types: Record<string, TransactionType> = {
  "0": "deposit",
  "1": "withdraw",
  "2": "adjustment",
  deposit: "deposit",
  withdraw: "withdraw",
  withdrawal: "withdraw",
  adjustment: "adjustment",
  vip: "vip",
  race: "race",
};
const ranges: Record<string, DateRange> = {
  "0": "today",
  "1": "yesterday",
  "7": "7d",
  today: "today",
  yesterday: "yesterday",
  "7d": "7d",
  all: "all",
};
const keys: Record<TransactionStatus, "0" | "1" | "2"> = { pending: "0", success: "1", fail: "2" };
const pick = <T>(table: Record<string, T>, value: string | null) => (value !== null && Object.hasOwn(table, value) ? table[value] : undefined);

function entry(t: TransactionItem) {
  return {
    id: t.id,
    transaction_id: t.id,
    key: keys[t.status],
    status: t.status,
    action: t.type,
    amount: formatPoisha(t.amount),
    direction: t.direction,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    // Null for adjustments: the spec's client then shows 'Agent'.
    payment_method: t.methodName ? { name: t.methodName, type: t.channelType, icon: t.methodIcon ? absoluteUrl(t.methodIcon) : null } : null,
  };
}

/**
 * GET /api/transaction/show (auth; remote_id, when sent, must be the token's own player) → the player's deposits,
 * withdrawals, adjustments and VIP point conversions (action "vip"), newest first, with the spec's fields (key '0' pending, '1' success, '2' fail).
 * Optional filters: status, type, date (Asia/Dhaka days; default all), page, per_page (10, 25, 50, 100; default 50).
 * The total is in the X-Total-Count header.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const q = url.searchParams;
  const remoteId = q.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const perPage = Number(q.get("per_page"));
  const page = Number(q.get("page"));
  const { items, total } = await listTransactions(player.id, {
    status: pick(statuses, q.get("status")),
    type: pick(types, q.get("type")),
    range: pick(ranges, q.get("date") ?? q.get("range")) ?? "all",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : 50,
  });
  return Response.json(items.map(entry), { headers: { ...NO_STORE, Vary: "Authorization", "X-Total-Count": String(total) } });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
