import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Every casino round site-wide, and its CSV export: /admin/rounds. */
export const page = declarePage({
  page: "rounds",
  roles: ["admin", "finance"],
  menu: [{ to: "/admin/rounds", labelKey: "admin.nav.rounds", order: 72 }],
});
