// Shared by the trader's pages: who may open them (admin, trader) and the actor of their changes.
import { clientIp } from "#app/modules/sessions/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { mayOpen, pageRoles } from "#app/routes/admin/pages.ts";

export async function requireTrader(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.exchange);
  return { staffId: staff.id, ip: clientIp(request), mayEditSettings: mayOpen(staff.role, "settings") };
}

/** The stream hosts are a site setting (they widen every page's CSP): only who may edit settings changes them. */
export async function requireSettingsEditor(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.settings);
  return { id: staff.id, ip: clientIp(request) };
}
