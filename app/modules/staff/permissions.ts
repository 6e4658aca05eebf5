// Which roles may open each back-office page. Used by the loaders (requireStaff) and by the menu.
import type { StaffRole } from "./schema.ts";

export const pageRoles = {
  dashboard: undefined,
  staff: ["admin"],
  settings: ["admin"],
  audit: ["admin"],
  games: ["admin", "content"],
  players: ["admin", "support"],
  /** A player's limits, exclusions and documents (the tabs of /admin/players/:id). */
  protection: ["admin", "support", "finance"],
  /** AML signals and reviews: /admin/risk and a player's risk tab. */
  risk: ["admin", "finance"],
  vip: ["admin", "content"],
  referral: ["admin", "content"],
  support: ["admin", "support"],
  content: ["admin", "content"],
  /** Exchange events and markets: settle, void, suspend, quotes and lines. */
  exchange: ["admin", "trader"],
} as const satisfies Record<string, readonly StaffRole[] | undefined>;

export type AdminPage = keyof typeof pageRoles;

export function mayOpen(role: StaffRole, page: AdminPage) {
  const roles: readonly StaffRole[] | undefined = pageRoles[page];
  return !roles || roles.includes(role);
}
