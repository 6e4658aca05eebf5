import { rejectMethod, profilePost, verifyCode } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/add-verify-phone-number";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** Spec section 7; the shapes and rules are in app/modules/profile/api.server.ts (verifyCode). */
export function action(args: Route.ActionArgs) {
  return profilePost(args, (player, body) => verifyCode(player, body, "extra"));
}
