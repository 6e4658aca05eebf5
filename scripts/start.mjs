// README command 1: build when the sources are newer than the build, then serve the production build.
// The server migrates the database and seeds demo content on its first start.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { compressAssets } from "./compress-assets.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "build/server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "public"].map((d) => path.join(root, d));
const configs = ["package-lock.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
const sourceTime = Math.max(...sources.map(newestMtime), ...configs.filter(existsSync).map((f) => statSync(f).mtimeMs));
if (!existsSync(buildEntry) || statSync(buildEntry).mtimeMs < sourceTime) {
  console.log("Building the production bundle...");
  const r = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Also after a build made by `react-router build` alone: only the files without their .br/.gz are compressed.
await compressAssets(path.join(root, "build/client/assets"));

process.env.NODE_ENV ??= "production";
await import(path.join(root, "server.mjs"));
