import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "settings",
  roles: ["admin"],
  menu: [{ to: "/admin/settings", labelKey: "admin.nav.settings", order: 30 }],
});
