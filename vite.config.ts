import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { devRequestGuards } from "./server/request-guards.mjs";

/**
 * In the browser bundle only, i18next and react-i18next are the site's own small versions (app/i18n/browser), and the
 * components' useTranslation (app/i18n/use-translation.ts, for the server) is that version's.
 */
function browserI18next(): Plugin {
  const browserReact = fileURLToPath(new URL("app/i18n/browser/react-i18next.tsx", import.meta.url));
  const swaps: Record<string, string> = {
    i18next: fileURLToPath(new URL("app/i18n/browser/i18next.ts", import.meta.url)),
    "react-i18next": browserReact,
    "#app/i18n/use-translation.ts": browserReact,
  };
  return {
    name: "browser-i18next",
    enforce: "pre",
    resolveId(source) {
      return this.environment.name === "client" ? swaps[source] : undefined;
    },
  };
}

export default defineConfig({
  plugins: [devRequestGuards(), browserI18next(), tailwindcss(), reactRouter()],
  build: { target: "es2022" },
});
