// Vitest runs without the React Router plugin. Database tests open their own database per test file:
// an in-memory PGlite always, and additionally a fresh PostgreSQL database when DATABASE_URL is set. Each file's
// database is a copy of a template migrated once per run (tests/setup/template-databases.ts).
//
// Soak and property tests (files named *.slow.test.ts) take most of a run's time, so `npm run test:unit` leaves them
// out; `npm run test:slow` runs only them (VITEST_SLOW=1), and `npm test` runs them after the browser tests.
import { configDefaults, defineConfig } from "vitest/config";

const slow = "**/*.slow.test.{ts,tsx}";
const roots = ["app/**/", "tests/integration/**/"];
const include = process.env.VITEST_SLOW ? roots.map((r) => `${r}*.slow.test.{ts,tsx}`) : roots.map((r) => `${r}*.test.{ts,tsx}`);
const exclude = process.env.VITEST_SLOW ? configDefaults.exclude : [...configDefaults.exclude, slow];
// A simulation of a million rounds takes 10 s on a quiet machine and three times that on a loaded one.
const testTimeout = process.env.VITEST_SLOW ? 300_000 : 30_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "pglite",
          include,
          exclude,
          globalSetup: "tests/setup/template-databases.ts",
          setupFiles: ["tests/setup/db-pglite.ts", "tests/setup/msw.ts", "tests/setup/fail-on-error-logs.ts"],
          testTimeout,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: "postgres",
                include,
                exclude,
                globalSetup: "tests/setup/template-databases.ts",
                setupFiles: ["tests/setup/db-postgres.ts", "tests/setup/msw.ts", "tests/setup/fail-on-error-logs.ts"],
                testTimeout,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
