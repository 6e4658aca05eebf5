import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** Crash seeding events (publish a chain, fix its salt): admins only; reached from the games section's tabs. */
export const page = declarePage({ page: "crashChains", roles: ["admin"], menu: [] });
