import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeOpenedDatabase } from "./opened-database.ts";

process.env.NODE_ENV = "test";
// Uploads (deposit proofs) and anything else kept in DATA_DIR go to a throw-away folder per test file.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bdgame-test-"));
delete process.env.DATABASE_URL;
process.env.PGLITE_DIR = "memory://";
// The database starts from the run's migrated template (a PGlite dump) instead of migrating from nothing.
process.env.PGLITE_TEMPLATE = inject("pgliteTemplate");

afterAll(closeOpenedDatabase);
