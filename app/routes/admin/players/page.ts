import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "players",
  roles: ["admin", "support"],
  menu: [{ to: "/admin/players", labelKey: "admin.nav.players", order: 70 }],
});
