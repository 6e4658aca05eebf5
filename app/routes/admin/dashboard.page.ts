import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "dashboard",
  roles: undefined,
  menu: [{ to: "/admin", labelKey: "admin.nav.dashboard", order: 10 }],
});
