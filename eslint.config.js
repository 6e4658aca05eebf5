// Flat config: typescript-eslint's recommended rules over the app, tests, scripts and configs,
// plus the two classic React hook rules.
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Foreign keys to ledger transfers and the schema aggregate for Drizzle: they name ledger tables, never query them.
const LEDGER_SCHEMA_USERS = ["app/modules/payments/schema.ts", "app/db/schema.ts"];

const LEDGER_INTERNALS = {
  regex: "modules/ledger/(?!(ledger\\.server|money|test-helpers)\\.ts$)",
  message: "Use the ledger's public API (#app/modules/ledger/ledger.server.ts): only the ledger reads and writes its tables.",
};

const MODULE_SUBFOLDERS = {
  regex: "modules/[^/]+/[^/]+/",
  message: "Import the module's top-level file (for example #app/modules/games/crash.server.ts), not a file in one of its subfolders.",
};

// On the server, components translate through the site's own hook (one answer per request instead of react-i18next's
// per-component copy of the instance); the browser bundle swaps it for its own small version.
const USE_TRANSLATION = {
  name: "react-i18next",
  importNames: ["useTranslation"],
  message: "Import useTranslation from #app/i18n/use-translation.ts.",
};

export default defineConfig(
  globalIgnores(["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "artifacts/", "drizzle/"]),
  tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // `_name` marks a parameter or binding that is deliberately unused.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  // Module boundary: only the ledger touches its tables and internals; everything else uses its public API.
  {
    ignores: ["app/modules/ledger/**", ...LEDGER_SCHEMA_USERS],
    rules: { "no-restricted-imports": ["error", { paths: [USE_TRANSLATION], patterns: [LEDGER_INTERNALS] }] },
  },
  { files: ["app/i18n/use-translation.ts"], rules: { "no-restricted-imports": ["error", { patterns: [LEDGER_INTERNALS] }] } },
  // Routes and components use a module through the files at its top level; its subfolders are its own business.
  {
    files: ["app/routes/**", "app/components/**", "app/root.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [USE_TRANSLATION], patterns: [LEDGER_INTERNALS, MODULE_SUBFOLDERS] }] },
  },
  // Server code logs through the kernel's logger (#app/kernel/log.server.ts: levels, one JSON line per record in
  // production), never through the console.
  {
    files: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/modules/**", "app/db/**", "app/kernel/**", "server.mjs"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
);
