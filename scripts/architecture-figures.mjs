// Prints the figures issue 26 tracks about module boundaries, so each session can compare them:
// modules in import cycles (and the pairs that import each other; foreign keys between tables not counted), module files imported by routes and components,
// imports of another module's tables (schema.ts) from its code, and module files importing UI components.
// Test files and test helpers are left out. Run: node scripts/architecture-figures.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const app = path.join(root, "app");
const isTest = (f) => /\.test\.tsx?$|test-helpers\.ts$/.test(f);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !isTest(name) ? [full] : [];
  });
}

/** The app-relative targets of a file's imports and re-exports ("#app/…" and "./…"). */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const targets = [];
  for (const m of text.matchAll(/(?:import|export)\s[^"';]*?from\s+"([^"]+)"|import\s*\(\s*"([^"]+)"\s*\)/g)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith("#app/")) targets.push(path.join(app, spec.slice(5)));
    else if (spec.startsWith(".")) targets.push(path.resolve(path.dirname(file), spec));
  }
  return targets.map((t) => path.relative(app, t));
}

const moduleOf = (rel) => (rel.startsWith("modules/") ? rel.split("/")[1] : null);
const all = files(app).map((f) => ({ rel: path.relative(app, f), imports: importsOf(f) }));

// Module graph and its strongly connected components (Tarjan).
const edges = new Map();
for (const { rel, imports } of all) {
  const from = moduleOf(rel);
  if (!from) continue;
  for (const target of imports) {
    const to = moduleOf(target);
    // A table's foreign key to another module's table (schema.ts to schema.ts) names it without using it: not a dependency.
    if (/\/schema\.ts$/.test(rel) && /\/schema(\.ts)?$/.test(target)) continue;
    if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)).add(to);
  }
}
const modules = readdirSync(path.join(app, "modules")).filter((d) => statSync(path.join(app, "modules", d)).isDirectory());
let index = 0;
const stack = [];
const info = new Map();
const components = [];
function connect(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      connect(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const m of modules) if (!info.has(m)) connect(m);
const cycles = components.filter((c) => c.length > 1);
const pairs = [];
for (const [a, targets] of edges) for (const b of targets) if (a < b && edges.get(b)?.has(a)) pairs.push(`${a}↔${b}`);

const uiFiles = all.filter(({ rel }) => /^(routes|components)\//.test(rel) || rel === "root.tsx");
const moduleFilesUsedByUi = new Set(uiFiles.flatMap(({ imports }) => imports.filter((t) => t.startsWith("modules/"))));
// A table module's own foreign keys (schema.ts importing another schema.ts) are not counted: only code that uses the tables.
const foreignSchema = all
  .filter(({ rel }) => moduleOf(rel) && !/\/schema\.ts$/.test(rel))
  .flatMap(({ rel, imports }) =>
    imports.filter((t) => /\/schema(\.ts)?$/.test(t) && moduleOf(t) && moduleOf(t) !== moduleOf(rel)).map((t) => `${rel} → ${t}`),
  );
const modulesImportingUi = all.filter(({ rel, imports }) => moduleOf(rel) && imports.some((t) => t.startsWith("components/")));

console.log(`modules: ${modules.length}`);
console.log(`modules in import cycles: ${cycles.reduce((n, c) => n + c.length, 0)} (${cycles.map((c) => c.sort().join(", ")).join(" | ")})`);
console.log(`module pairs importing each other: ${pairs.length}`);
console.log(`module files imported by routes and components: ${moduleFilesUsedByUi.size}`);
console.log(`imports of another module's schema.ts from module code: ${foreignSchema.length}`);
console.log(`module files importing app/components: ${modulesImportingUi.length}`);
