import { declarePage } from "#app/routes/admin/page-declaration.ts";

// Race prizes are money the house pays out: the roles that run promotions (admin, finance).
export const page = declarePage({
  page: "races",
  roles: ["admin", "finance"],
  menu: [{ to: "/admin/races", labelKey: "admin.nav.races", order: 105 }],
});
