// Pins the role→page table and the header's menu as they were when they lived in modules/staff/permissions.ts and
// AdminHeader.tsx, so moving them beside the routes changed nothing.
import { describe, expect, it } from "vitest";
import { staffRoles } from "#app/modules/staff/schema.ts";
import { adminMenu, mayOpen, pageRoles, type AdminPage } from "./pages.ts";

const table: Record<AdminPage, readonly string[]> = {
  dashboard: ["admin", "finance", "support", "trader", "content"],
  account: ["admin", "finance", "support", "trader", "content"],
  staff: ["admin"],
  settings: ["admin"],
  audit: ["admin"],
  games: ["admin", "content"],
  crashChains: ["admin"],
  players: ["admin", "support"],
  playerListExport: ["admin"],
  protection: ["admin", "finance", "support"],
  risk: ["admin", "finance"],
  rounds: ["admin", "finance"],
  exchangeBets: ["admin", "finance", "trader"],
  ledger: ["admin", "finance"],
  vip: ["admin", "content"],
  referral: ["admin", "content"],
  races: ["admin", "finance"],
  support: ["admin", "support"],
  content: ["admin", "content"],
  exchange: ["admin", "trader"],
  reports: ["admin", "finance", "trader"],
};

describe("admin pages", () => {
  it("lets each role open exactly the pages it could before", () => {
    expect(Object.keys(pageRoles).sort()).toEqual(Object.keys(table).sort());
    for (const page of Object.keys(table) as AdminPage[]) {
      expect(
        staffRoles.filter((role) => mayOpen(role, page)),
        page,
      ).toEqual(staffRoles.filter((r) => table[page].includes(r)));
    }
    expect(pageRoles.dashboard).toBeUndefined();
  });

  it("keeps the header's menu order, links and labels", () => {
    expect(adminMenu.map((e) => [e.page, e.to, e.labelKey])).toEqual([
      ["dashboard", "/admin", "admin.nav.dashboard"],
      ["reports", "/admin/reports", "admin.nav.reports"],
      ["staff", "/admin/staff", "admin.nav.staff"],
      ["settings", "/admin/settings", "admin.nav.settings"],
      ["audit", "/admin/audit", "admin.nav.audit"],
      ["games", "/admin/games", "admin.nav.games"],
      ["exchange", "/admin/exchange", "admin.nav.exchange"],
      ["players", "/admin/players", "admin.nav.players"],
      ["rounds", "/admin/rounds", "admin.nav.rounds"],
      ["exchangeBets", "/admin/exchange-bets", "admin.nav.exchangeBets"],
      ["ledger", "/admin/ledger", "admin.nav.ledger"],
      ["risk", "/admin/risk", "admin.nav.risk"],
      ["vip", "/admin/vip", "admin.nav.vip"],
      ["referral", "/admin/referral", "admin.nav.referral"],
      ["races", "/admin/races", "admin.nav.races"],
      ["support", "/admin/support/inbox", "inbox.admin.menu"],
      ["support", "/admin/support/chats", "chat.admin.menu"],
      ["content", "/admin/content", "admin.nav.content"],
      ["account", "/admin/account", "admin.nav.account"],
    ]);
  });
});
