// Shared by tests that store uploads (not a test file itself).
import { count, like } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { uploads } from "./schema.ts";

/** How many files of a kind ("proofs", "identity", "posters") the upload store holds. */
export async function countUploads(kind: string) {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(like(uploads.key, `${kind}/%`));
  return row?.n ?? 0;
}
