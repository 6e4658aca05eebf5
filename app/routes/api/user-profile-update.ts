import { rejectMethod, profilePost, updateBirthday } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/user-profile-update";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** Spec section 7; the shapes and rules are in app/modules/profile/api.server.ts (updateBirthday). */
export function action(args: Route.ActionArgs) {
  return profilePost(args, updateBirthday);
}
