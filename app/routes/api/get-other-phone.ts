import { checkMethod, rejectMethod, otherPhones } from "#app/modules/api/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/get-other-phone";

/** GET /api/get/other/phone (auth) → { success, data: [{ id, contract_value, isverify }] }: the token's own extra phones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  return otherPhones(player);
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
