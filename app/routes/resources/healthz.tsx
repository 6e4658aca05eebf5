import { sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";

/** For load balancers: 200 when the database answers. */
export async function loader() {
  try {
    await db.execute(sql`select 1`);
    return Response.json({ ok: true });
  } catch {
    return Response.json({ ok: false }, { status: 503 });
  }
}
