// The admin areas, gathered from the declarations beside their routes (games/page.ts, staff.page.ts, ...). The header's
// menu, the player tabs and the loaders' guards (requireStaff(request, pageRoles.games)) all derive from this list.
// Browser-safe: no server imports.
import type { StaffRole } from "#app/modules/staff/index.ts";
import { page as account } from "./account.page.ts";
import { page as audit } from "./audit.page.ts";
import { page as content } from "./content.page.ts";
import { page as dashboard } from "./dashboard.page.ts";
import { page as exchange } from "./exchange/page.ts";
import { page as crashChains } from "./games/crash-chains.page.ts";
import { page as games } from "./games/page.ts";
import { page as exchangeBets } from "./lists/bets.page.ts";
import { page as ledger } from "./lists/ledger.page.ts";
import { page as rounds } from "./lists/rounds.page.ts";
import { page as players } from "./players/page.ts";
import { page as playerListExport } from "./players/exports.page.ts";
import { page as protection } from "./players/protection.page.ts";
import { page as races } from "./races/page.ts";
import { page as referral } from "./referral.page.ts";
import { page as reports } from "./reports.page.ts";
import { page as risk } from "./risk/page.ts";
import { page as settings } from "./settings.page.ts";
import { page as staff } from "./staff.page.ts";
import { page as support } from "./support/page.ts";
import { page as vip } from "./vip.page.ts";

const declarations = [
  dashboard,
  reports,
  account,
  staff,
  settings,
  audit,
  games,
  crashChains,
  players,
  playerListExport,
  protection,
  rounds,
  exchangeBets,
  ledger,
  risk,
  vip,
  referral,
  races,
  support,
  content,
  exchange,
] as const;

type Declaration = (typeof declarations)[number];
export type AdminPage = Declaration["page"];

/** Which roles may open each back-office page (undefined: every signed-in staff member). */
export const pageRoles = Object.fromEntries(declarations.map((d) => [d.page, d.roles])) as {
  readonly [D in Declaration as D["page"]]: D["roles"];
};

export function mayOpen(role: StaffRole, page: AdminPage) {
  const roles: readonly StaffRole[] | undefined = pageRoles[page];
  return !roles || roles.includes(role);
}

/** The header's menu, in order; each entry shows to the roles that may open its page. */
export const adminMenu = declarations
  .flatMap((d) => d.menu.map((entry) => ({ ...entry, page: d.page as AdminPage })))
  .sort((a, b) => a.order - b.order);
