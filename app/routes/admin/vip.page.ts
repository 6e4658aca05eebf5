import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "vip",
  roles: ["admin", "content"],
  menu: [{ to: "/admin/vip", labelKey: "admin.nav.vip", order: 90 }],
});
