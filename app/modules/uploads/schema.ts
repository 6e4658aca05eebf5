import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL bytea as bytes: node-postgres reads a Buffer, PGlite a Uint8Array (a Buffer is one too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded files (deposit proofs, identity documents, game posters) in the database, where every app instance reads
 * them: the built-in store of app/modules/uploads/storage.server.ts. `key` is "<kind>/<random name>", e.g.
 * "proofs/3f…e1.png"; the rows that use a file keep its name.
 */
export const uploads = pgTable(
  "uploads",
  {
    key: text().primaryKey(),
    contentType: text().notNull(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("uploads_size_check", sql`${t.size} = octet_length(${t.bytes})`)],
);
