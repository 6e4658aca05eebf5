// Flat config: typescript-eslint's recommended rules over the app, tests, scripts and configs,
// plus the two classic React hook rules.
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Module boundaries (issue 26): code outside a module uses it only through its front door, index.server.ts on the
// server or index.ts in the browser; a module's own files import each other relatively. Schema files may name other
// modules' tables for foreign keys, and the database layer gathers every module's tables. The layers and the tables
// each module owns are checked by app/modules/boundaries.test.ts.
const MODULE_INTERNALS = {
  regex: "^#app/modules/[^/]+/(?!index(\\.server)?\\.ts$)",
  message: "Use the module's front door: #app/modules/<name>/index.server.ts (server) or #app/modules/<name>/index.ts (browser).",
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
  { rules: { "no-restricted-imports": ["error", { paths: [USE_TRANSLATION] }] } },
  // Tests and scripts may reach into a module (they test or measure its inside).
  {
    files: ["app/**"],
    ignores: ["app/db/schema.ts", "app/modules/*/schema.ts", "**/*.test.ts", "**/*.test.tsx", "**/test-helpers.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [USE_TRANSLATION], patterns: [MODULE_INTERNALS] }] },
  },
  { files: ["app/i18n/use-translation.ts"], rules: { "no-restricted-imports": ["error", { patterns: [MODULE_INTERNALS] }] } },
  // Server code logs through the kernel's logger (#app/kernel/log.server.ts: levels, one JSON line per record in
  // production), never through the console.
  {
    files: ["app/**/*.server.ts", "app/**/*.server.tsx", "app/modules/**", "app/db/**", "app/kernel/**", "server.mjs"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
);
