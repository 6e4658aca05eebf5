import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "referral",
  roles: ["admin", "content"],
  menu: [{ to: "/admin/referral", labelKey: "admin.nav.referral", order: 100 }],
});
