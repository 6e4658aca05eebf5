import { apiError, checkMethod, NO_STORE, rejectMethod, absoluteUrl } from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { depositChannels, listPaymentMethods } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/payment-method-channels";

/**
 * GET /api/showpayment-menthod?name=bKash (auth; the spec's spelling) → { success: true, data: channels }, one entry
 * per deposit channel the method offers now, with the amounts submit-deposit takes: { id, payment_id, name, icon, account_type: "Agent" | "Personal",
 * label: "CashOut" | "Send Money", min, max } with min/max in taka ("500.00"). An unknown or inactive method: 404.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  requireApiPlayer(context);
  const name = url.searchParams.get("name")?.trim().toLowerCase() ?? "";
  const method = name ? (await listPaymentMethods({ activeOnly: true })).find((m) => m.name.trim().toLowerCase() === name) : undefined;
  if (!method) return apiError(404, "adminPayments.api.methodNotFound", { extra: { success: false } });
  const channels = await depositChannels(method.id);
  return Response.json(
    {
      success: true,
      data: channels.map((c) => ({
        id: method.id,
        payment_id: method.id,
        name: method.name,
        icon: absoluteUrl(method.icon),
        account_type: c.type,
        label: c.label,
        min: formatPoisha(c.min),
        max: formatPoisha(c.max),
      })),
    },
    { headers: NO_STORE },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
