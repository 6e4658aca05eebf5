// What every finance page of the back office shares: who may look and who may act, the area's strings,
// money and time as staff read them, and PaymentErrors turned into the staff member's language.
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { financeActRoles, financeViewRoles, mayActOnFinance } from "#app/components/admin/payments/finance-roles.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Admin, finance and support may open the page; `canAct` says whether the forms are shown. */
export async function requireFinanceViewer(request: Request) {
  const auth = await requireStaff(request, financeViewRoles);
  return { ...auth, canAct: mayActOnFinance(auth.staff.role) };
}

/** For actions: admin and finance only (support gets 403 even when posting by hand). */
export async function requireFinanceActor(request: Request) {
  const auth = await requireStaff(request, financeActRoles);
  return { staffId: auth.staff.id, ip: clientIp(request), auth };
}

/** The page title and the finance strings for the browser (the area is not in the shared catalogue). */
export function paymentsPage(context: Ctx, titleKey: `adminPayments.${string}`) {
  return { title: translate(context, titleKey as "adminPayments.title"), i18n: areaBundle(context, "adminPayments") };
}

export { translate };

/** Query-string paging: anything that is not a sensible page number is page 1. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);
