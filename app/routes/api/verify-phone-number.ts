import { checkMethod, rejectMethod } from "#app/modules/api/http.server.ts";
import { verifyCode, readOwnBody } from "#app/modules/profile/api.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/auth.server.ts";
import type { Route } from "./+types/verify-phone-number";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** Spec section 7; the shapes and rules are in app/modules/profile/api.server.ts (verifyCode). */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const body = await readOwnBody(request, player);
  return verifyCode(player, body, "main");
}
