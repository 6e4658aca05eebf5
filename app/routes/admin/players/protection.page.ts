import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** A player's limits, exclusions and documents (the tabs of /admin/players/:id); no menu entry of its own. */
export const page = declarePage({
  page: "protection",
  roles: ["admin", "support", "finance"],
  menu: [],
});
