import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "games",
  roles: ["admin", "content"],
  menu: [{ to: "/admin/games", labelKey: "admin.nav.games", order: 50 }],
});
