import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** AML signals and reviews: /admin/risk and a player's risk tab. */
export const page = declarePage({
  page: "risk",
  roles: ["admin", "finance"],
  menu: [{ to: "/admin/risk", labelKey: "admin.nav.risk", order: 80 }],
});
