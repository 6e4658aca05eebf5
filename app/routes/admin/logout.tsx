import { redirect } from "react-router";
import { logoutStaff } from "#app/modules/staff/index.server.ts";
import type { Route } from "./+types/logout";

/** POST only: a GET never logs anyone out. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/admin/login", { headers: { "Set-Cookie": await logoutStaff(request) } });
}
