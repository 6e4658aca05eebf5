import { redirect } from "react-router";
import { requireFinanceViewer } from "./admin-payments.server.ts";
import type { Route } from "./+types/index";

/** /admin/finance opens the deposit queue. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireFinanceViewer(request);
  return redirect("/admin/finance/deposits");
}
