import { redirect } from "react-router";
import type { Route } from "./+types/register-redirect";

/** The old /page/guest/register.jsp link leads to /register (the two-step form on desktops, the one-page one on phones). */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`/register${url.search}`, 301);
}
