import { afterAll } from "vitest";

process.env.NODE_ENV = "test";
delete process.env.DATABASE_URL;
process.env.PGLITE_DIR = "memory://";

afterAll(async () => {
  const { database } = await import("#app/db/db.server.ts");
  await database.close();
});
