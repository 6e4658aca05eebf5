import type { PlayerStatus } from "#app/components/payments/StatusBadge.tsx";

/** Review states of deposits and withdrawals as the player sees them (spec: pending, success, fail). */
export function playerStatus(status: string): PlayerStatus {
  if (status === "approved" || status === "success") return "success";
  if (status === "rejected" || status === "fail") return "fail";
  if (status === "cancelled") return "cancelled";
  return "pending";
}
