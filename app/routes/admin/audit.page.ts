import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "audit",
  roles: ["admin"],
  menu: [{ to: "/admin/audit", labelKey: "admin.nav.audit", order: 40 }],
});
