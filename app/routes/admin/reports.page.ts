import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Reports over a Dhaka-day range with CSV exports; which report each role may open: reporting's reportRoles. */
export const page = declarePage({
  page: "reports",
  roles: ["admin", "finance", "trader"],
  menu: [{ to: "/admin/reports", labelKey: "admin.nav.reports", order: 15 }],
});
