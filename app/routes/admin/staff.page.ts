import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "staff",
  roles: ["admin"],
  menu: [{ to: "/admin/staff", labelKey: "admin.nav.staff", order: 20 }],
});
