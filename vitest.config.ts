// Vitest runs without the React Router plugin. Database tests open their own database per test file:
// an in-memory PGlite always, and additionally a fresh PostgreSQL database when DATABASE_URL is set. Each file's
// database is a copy of a template migrated once per run (tests/setup/template-databases.ts).
import { defineConfig } from "vitest/config";

const include = ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "pglite",
          include,
          globalSetup: "tests/setup/template-databases.ts",
          setupFiles: ["tests/setup/db-pglite.ts", "tests/setup/msw.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: "postgres",
                include,
                globalSetup: "tests/setup/template-databases.ts",
                setupFiles: ["tests/setup/db-postgres.ts", "tests/setup/msw.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
