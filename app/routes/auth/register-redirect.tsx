import { redirect } from "react-router";
import type { Route } from "./+types/register-redirect";

/** /register (desktop) and the old /page/guest/register.jsp link lead to the one sign-up form. */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`/signup${url.search}`, 301);
}
