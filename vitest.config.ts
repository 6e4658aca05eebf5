// Vitest runs without the React Router plugin. Database tests open their own database per test file: an in-memory
// PGlite, or a fresh PostgreSQL database when DATABASE_URL is set. Each file's database is a copy of a template
// migrated once per run (tests/setup/template-databases.ts).
//
// Without DATABASE_URL every file runs on PGlite. With it (CI, or a developer with a server) every file runs on
// PostgreSQL, the production database, and PGlite runs again only the files about the embedded database itself, the
// modules that take a path of their own on it, sign-up and the money paths a new demo site starts with. Every file on
// both engines doubled the run (most of a file's time is importing the app, not its tests) and CI's 90 minutes could
// not hold it.
//
// Soak and property tests (files named *.slow.test.ts) take most of a run's time, so `npm run test:unit` leaves them
// out; `npm run test:slow` runs only them (VITEST_SLOW=1), and `npm test` runs them after the browser tests.
import { configDefaults, defineConfig } from "vitest/config";

const slow = !!process.env.VITEST_SLOW;
const testFiles = slow ? "*.slow.test.{ts,tsx}" : "*.test.{ts,tsx}";
const exclude = slow ? configDefaults.exclude : [...configDefaults.exclude, "**/*.slow.test.{ts,tsx}"];
const files = (folders: string[]) => folders.map((folder) => `${folder}${testFiles}`);

const everyFile = files(["app/**/", "tests/integration/**/"]);
// Files, not folders: ordinary tests only.
const pgliteOwnTestFiles = [
  // Modules with a PGlite branch of their own (one connection, no LISTEN between processes, no replica).
  "app/modules/games/house/crash/{engine,leader}.test.ts",
  "app/modules/exchange/feed/runner.test.ts",
  "app/modules/exchange/preferences.test.ts",
  "app/modules/profile/{profile,player-list}.test.ts",
  "app/modules/protection/identity.test.ts",
  "app/modules/staff/player-notes.test.ts",
  "tests/integration/{exchange-routes,exchange-one-click,exchange-cash-out-route,payments-api}.test.ts",
  // The demo content a fresh embedded database is seeded with.
  "app/**/seed.test.ts",
];
const pgliteOwnFiles = [
  ...files([
    "app/db/",
    "app/modules/ledger/**/",
    "app/modules/games/wallet/**/",
    "app/modules/players/**/",
    "app/modules/auth/**/",
    "app/modules/uploads/**/",
    "app/modules/risk/**/",
  ]),
  ...(slow ? [] : pgliteOwnTestFiles),
];

// A simulation of a million rounds takes 10 s on a quiet machine and three times that on a loaded one.
const testTimeout = slow ? 300_000 : 30_000;
const common = { exclude, globalSetup: "tests/setup/template-databases.ts", testTimeout, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: "pglite",
          include: process.env.DATABASE_URL ? pgliteOwnFiles : everyFile,
          setupFiles: ["tests/setup/db-pglite.ts", "tests/setup/msw.ts", "tests/setup/fail-on-error-logs.ts"],
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                ...common,
                name: "postgres",
                include: everyFile,
                setupFiles: ["tests/setup/db-postgres.ts", "tests/setup/msw.ts", "tests/setup/fail-on-error-logs.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
