// Who may open the back office's finance pages and who may act on them (support reads, never acts).
import type { StaffRole } from "#app/modules/staff/index.ts";

export const financeViewRoles = ["admin", "finance", "support"] as const satisfies readonly StaffRole[];
export const financeActRoles = ["admin", "finance"] as const satisfies readonly StaffRole[];

export function mayActOnFinance(role: StaffRole) {
  return (financeActRoles as readonly StaffRole[]).includes(role);
}

export function mayViewFinance(role: StaffRole) {
  return (financeViewRoles as readonly StaffRole[]).includes(role);
}
