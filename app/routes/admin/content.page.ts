import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "content",
  roles: ["admin", "content"],
  menu: [{ to: "/admin/content", labelKey: "admin.nav.content", order: 130 }],
});
