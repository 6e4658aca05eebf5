import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Every exchange bet site-wide, and its CSV export: /admin/exchange-bets (traders too). */
export const page = declarePage({
  page: "exchangeBets",
  roles: ["admin", "finance", "trader"],
  menu: [{ to: "/admin/exchange-bets", labelKey: "admin.nav.exchangeBets", order: 74 }],
});
