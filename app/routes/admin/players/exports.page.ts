import { declarePage } from "#app/routes/admin/page-declaration.ts";

/**
 * The CSV export of the whole player list (every player's contact data at once): admins only. A single player's own
 * lists (ledger statement, payments, rounds, bets) export for everyone who may open that player (page "players").
 */
export const page = declarePage({
  page: "playerListExport",
  roles: ["admin"],
  menu: [],
});
