// Module boundaries, read from the source (issue 26): another module is used only through its front door
// (index.server.ts on the server, index.ts where the browser needs it); modules form layers, each importing only
// from the layers beneath it; a module writes only the tables it defines. The lists of known exceptions below may
// only shrink: a new deep import, upward import, foreign table import or foreign write fails this test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Lowest first: a module may import only modules listed before it. */
const LAYERS = [
  // foundation
  ["events", "outbox", "audit", "uploads", "settings", "players", "sessions", "staff", "ledger"],
  // player safety
  ["risk", "turnover", "protection"],
  // products
  ["promotions", "vip", "inbox", "races", "profile", "games", "payments", "exchange", "referral", "chat", "content"],
  // edge
  ["auth", "api", "reporting"],
];
const ORDER = LAYERS.flat();

const app = path.resolve(import.meta.dirname, "..");
const isTest = (name: string) => /\.test\.tsx?$|test-helpers\.ts$|\.d\.ts$/.test(name);
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !isTest(name) ? [full] : [];
  });
}
const moduleOf = (rel: string) => (rel.startsWith("modules/") ? rel.split("/")[1]! : null);
const isFrontDoor = (rel: string) => /^modules\/[^/]+\/index(\.server)?\.ts$/.test(rel);
const isSchema = (rel: string) => /^modules\/[^/]+\/schema\.ts$/.test(rel);

type Import = { from: string; to: string; names: string[]; dynamic: boolean };
function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const rel = path.relative(app, file);
  const found: Import[] = [];
  const resolve = (spec: string) => {
    if (spec.startsWith("#app/")) return path.normalize(spec.slice(5));
    if (spec.startsWith(".")) return path.relative(app, path.resolve(path.dirname(file), spec));
    return null;
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = resolve(node.moduleSpecifier.text);
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      if (to) found.push({ from: rel, to, names, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      const to = arg && ts.isStringLiteral(arg) ? resolve(arg.text) : null;
      if (to) found.push({ from: rel, to, names: [], dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(app);
const imports = files.flatMap(importsOf);
const modules = readdirSync(path.join(app, "modules")).filter((name) => statSync(path.join(app, "modules", name)).isDirectory());
const tablesOf = new Map(
  modules.map((name) => {
    let text = "";
    try {
      text = readFileSync(path.join(app, "modules", name, "schema.ts"), "utf8");
    } catch {
      // a module without tables
    }
    return [name, new Set([...text.matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]!))] as const;
  }),
);
// Tables reach the database layer's aggregate and other tables' foreign keys: neither queries them.
const crossing = imports.filter(
  ({ from, to }) => moduleOf(to) && moduleOf(to) !== moduleOf(from) && from !== "db/schema.ts" && !(isSchema(from) && isSchema(to)),
);

describe("module boundaries", () => {
  it("lists every module in exactly one layer", () => {
    expect([...ORDER].sort()).toEqual([...modules].sort());
  });

  it("uses another module only through its front door", () => {
    // A browser route may load a module's browser-safe file lazily (its own chunk): import("…/form-validation.ts").
    const deep = crossing.filter(({ to, dynamic }) => !isFrontDoor(to) && !(dynamic && !/\.server\.tsx?$/.test(to)));
    expect(deep.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("keeps the browser-safe front doors free of server code", () => {
    const leaks = imports.filter(({ from, to }) => /^modules\/[^/]+\/index\.ts$/.test(from) && (/\.server\.tsx?$/.test(to) || isSchema(to)));
    expect(leaks.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("loads a module's tables first from its server entry", () => {
    // A module that imports an entry still loading (through a cycle) sees only what that entry has loaded so far.
    const late = modules.filter((name) => {
      try {
        const text = readFileSync(path.join(app, "modules", name, "index.server.ts"), "utf8");
        const first = /from "(\.\/[^"]+)"/.exec(text)?.[1];
        return text.includes('"./schema.ts"') && first !== "./schema.ts";
      } catch {
        return false;
      }
    });
    expect(late).toEqual([]);
  });

  it("imports only from the layers beneath (no module cycles)", () => {
    const upward = new Set<string>();
    for (const { from, to } of crossing) {
      const a = moduleOf(from);
      const b = moduleOf(to)!;
      if (a && ORDER.indexOf(b) > ORDER.indexOf(a)) upward.add(`${a} → ${b}`);
    }
    expect([...upward].sort()).toEqual(KNOWN_UPWARD);
  });

  it("reads another module's tables only where already known", () => {
    const foreign = new Set<string>();
    for (const { from, to, names } of crossing) {
      const a = moduleOf(from);
      const b = moduleOf(to)!;
      for (const name of names) if (a && tablesOf.get(b)!.has(name)) foreign.add(`${a} → ${b}.${name}`);
    }
    expect([...foreign].sort()).toEqual(KNOWN_FOREIGN_TABLES);
  });

  it("writes only its own tables", () => {
    const writes = new Set<string>();
    const owner = new Map([...tablesOf].flatMap(([name, tables]) => [...tables].map((table) => [table, name] as const)));
    for (const file of files) {
      const rel = path.relative(app, file);
      const a = moduleOf(rel);
      if (!a) continue;
      for (const m of readFileSync(file, "utf8").matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
        const b = owner.get(m[2]!);
        if (b && b !== a) writes.add(`${a} ${m[1]} ${b}.${m[2]}`);
      }
    }
    expect([...writes].sort()).toEqual(KNOWN_FOREIGN_WRITES);
  });
});

// Upward imports left (each one a cycle to break). Protection's limits read the products' stakes, deposits and losses;
// a session is valid only while no exclusion or session limit ends it; creating a player credits the demo balance
// through the ledger in the same transaction.
const KNOWN_UPWARD: string[] = ["players → ledger", "protection → exchange", "protection → games", "protection → payments", "sessions → protection"];
// Tables read (never written) by another module: joins for names and statuses. Each should become the owner's query.
const KNOWN_FOREIGN_TABLES: string[] = [
  "api → content.sliders",
  "api → content.socialLinks",
  "chat → players.players",
  "chat → staff.staffUsers",
  "content → payments.paymentMethods",
  "content → settings.generalSettings",
  "exchange → players.players",
  "exchange → sessions.sessions",
  "games → players.players",
  "inbox → players.players",
  "ledger → players.players",
  "payments → players.players",
  "payments → promotions.promotions",
  "payments → protection.playerExclusions",
  "payments → staff.staffUsers",
  "payments → turnover.turnoverRequirements",
  "payments → vip.vipEntries",
  "profile → players.players",
  "profile → players.rateLimitHits",
  "protection → exchange.exchangeMarkets",
  "protection → exchange.exchangeOrders",
  "protection → games.gameRounds",
  "protection → payments.deposits",
  "protection → payments.paymentMethods",
  "protection → payments.withdrawals",
  "protection → players.players",
  "protection → sessions.sessions",
  "protection → staff.staffUsers",
  "risk → players.players",
  "risk → staff.staffUsers",
  "sessions → players.players",
  "staff → audit.auditLog",
  "staff → players.players",
  "vip → players.players",
];
const KNOWN_FOREIGN_WRITES: string[] = [];
