import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Exchange events and markets: settle, void, suspend, quotes and lines. */
export const page = declarePage({
  page: "exchange",
  roles: ["admin", "trader"],
  menu: [{ to: "/admin/exchange", labelKey: "admin.nav.exchange", order: 60 }],
});
