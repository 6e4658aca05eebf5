// Shared by the trader's pages: who may open them (admin, trader) and the actor of their changes.
import { clientIp } from "#app/modules/sessions/auth.server.ts";
import { requireStaff } from "#app/modules/staff/auth.server.ts";
import { pageRoles } from "#app/modules/staff/permissions.ts";

export async function requireTrader(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.exchange);
  return { staffId: staff.id, ip: clientIp(request) };
}
