import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Every ledger entry site-wide, and its CSV export: /admin/ledger. */
export const page = declarePage({
  page: "ledger",
  roles: ["admin", "finance"],
  menu: [{ to: "/admin/ledger", labelKey: "admin.nav.ledger", order: 76 }],
});
