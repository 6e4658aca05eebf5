import { checkMethod, PUBLIC_CACHE, rejectMethod, absoluteUrl } from "#app/modules/api/index.server.ts";
import { listPaymentMethods } from "#app/modules/payments/index.server.ts";
import type { Route } from "./+types/payment-methods";

/** GET /api/payment-methods → the active methods, one per name: [{ id, name, icon, status }] (icon an absolute URL). */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const methods = await listPaymentMethods({ activeOnly: true });
  return Response.json(
    methods.map((m) => ({ id: m.id, name: m.name, icon: absoluteUrl(m.icon), status: m.status })),
    { headers: PUBLIC_CACHE },
  );
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
