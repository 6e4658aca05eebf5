import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "#app/kernel/log.server.ts";

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    // A read replica of DATABASE_URL's database: back-office reports and CSV exports read from it (app/db/db.server.ts readDb).
    DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    // Connections this instance keeps to PostgreSQL (README: more than the database server's CPUs mostly add contention).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    // How long a request waits to open a connection or for one to come free before it is answered 503.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    DATA_DIR: z.string().min(1).default("./data"),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    SEED_DEMO: boolish,
    // Defaults to where this server listens (defaultPublicUrl), so links in e-mails work on a local install.
    PUBLIC_URL: z.url(),
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_TOKEN: z.string().optional(),
    LOG_OUTBOX: boolish,
    // The lowest level the server logs (app/kernel/log.server.ts). Unset: info; debug in development, warn under tests.
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    ADMIN_INITIAL_PASSWORD: z.string().min(10, "ADMIN_INITIAL_PASSWORD must be at least 10 characters").optional(),
    // Browser tests only (scripts/e2e-server.mjs): lets them open a session without the log-in form. Unset, the route is a 404.
    E2E_SESSION_KEY: z.string().min(32, "E2E_SESSION_KEY must be at least 32 characters").optional(),
    // The AML signal job: how often it runs and how old a row must be before it reads it (browser tests shorten both).
    RISK_JOB_INTERVAL_MS: z.coerce.number().int().min(1000).optional(),
    RISK_SETTLE_MS: z.coerce.number().int().min(0).optional(),
    // The report aggregation job (app/modules/reporting): how old a row must be before a pass folds it (default 30 s).
    REPORT_SETTLE_MS: z.coerce.number().int().min(0).optional(),
    // The exchange's feed: the built-in simulated cricket (the default), a provider over HTTP (its sports API and
    // exchange host, spec section 7), or none (no matches are added or played).
    EXCHANGE_FEED: z.enum(["simulated", "http", "off"]).default("simulated"),
    SPORTS_API_URL: z.url().optional(),
    EXCHANGE_HOST_URL: z.url().optional(),
  })
  .refine((env) => env.EXCHANGE_FEED !== "http" || (env.SPORTS_API_URL && env.EXCHANGE_HOST_URL), {
    path: ["EXCHANGE_FEED"],
    message: "EXCHANGE_FEED=http needs SPORTS_API_URL and EXCHANGE_HOST_URL",
  });

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  /** True when running on the embedded PGlite database (a local or demo install, never a deployment). */
  embedded: boolean;
};

function loadOrCreateDevSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]", "localhost"]);

/**
 * The address the server listens on, read from PORT and HOST as server.mjs reads them (3000 and all interfaces by
 * default): http://localhost:<port>, or the host itself when the server listens on one address only.
 */
export function defaultPublicUrl(source: NodeJS.ProcessEnv) {
  const port = Number(source.PORT ?? 3000);
  const host = (source.HOST ?? "").trim();
  const name = WILDCARD_HOSTS.has(host) ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An explicit PUBLIC_URL (the address players use, e.g. behind a proxy) always wins.
  const parsed = envSchema.safeParse({ ...source, PUBLIC_URL: source.PUBLIC_URL ?? defaultPublicUrl(source) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const embedded = !env.DATABASE_URL;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    // A deployment (production build against a real PostgreSQL) must be given its secret;
    // a local or demo install on the embedded database keeps a generated one in DATA_DIR.
    if (env.NODE_ENV === "production" && !embedded) {
      throw new Error(
        "SESSION_SECRET is required in production. Set it to a random string of at least 32 characters (for example: openssl rand -base64 32).",
      );
    }
    secret = embedded && env.NODE_ENV !== "test" ? loadOrCreateDevSecret(env.DATA_DIR) : randomBytes(32).toString("base64url");
  }
  return { ...env, SESSION_SECRET: secret, embedded };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
