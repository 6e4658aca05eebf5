// Vitest global setup: migrates one template database per run, which every test file then copies instead of running
// all migrations itself (PGlite: 2.5 s to migrate, 0.4 s to load a dump; PostgreSQL: 0.45 s against 0.04 s).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve("drizzle");

async function pgliteTemplate(dir: string) {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder });
  const file = path.join(dir, "pglite-template.tar");
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  return file;
}

async function postgresTemplate(adminUrl: string) {
  const name = `test_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
  await client.end();
  return name;
}

// Each project (pglite, postgres) runs this once for itself and migrates only the template it uses.
export default async function setup(project: TestProject) {
  if (project.name === "postgres") {
    const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL!;
    const template = await postgresTemplate(adminUrl);
    project.provide("postgresTemplate", template);
    return async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "bdgame-template-"));
  project.provide("pgliteTemplate", await pgliteTemplate(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
