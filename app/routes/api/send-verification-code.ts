import { rejectMethod, profilePost, sendMainCode } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/send-verification-code";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** Spec section 7; the shapes and rules are in app/modules/profile/api.server.ts (sendMainCode). */
export function action(args: Route.ActionArgs) {
  return profilePost(args, sendMainCode);
}
