import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultPublicUrl, parseEnv } from "./env.server.ts";

describe("settings", () => {
  it("stops a production start against PostgreSQL without a secret, with a clear message", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h:5432/db" })).toThrow(/SESSION_SECRET is required in production/);
  });
  it("generates a development secret once and keeps it in the data folder", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
    const a = parseEnv({ NODE_ENV: "development", DATA_DIR: dir });
    const b = parseEnv({ NODE_ENV: "development", DATA_DIR: dir });
    expect(a.SESSION_SECRET).toHaveLength(43);
    expect(b.SESSION_SECRET).toBe(a.SESSION_SECRET);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(a.SESSION_SECRET);
    expect(a.embedded).toBe(true);
  });
  it("refuses malformed values", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ EXCHANGE_FEED: "betfair" })).toThrow(/EXCHANGE_FEED/);
    expect(() => parseEnv({ EXCHANGE_FEED: "http", SPORTS_API_URL: "https://sports.example" })).toThrow(/needs SPORTS_API_URL and EXCHANGE_HOST_URL/);
    expect(parseEnv({ EXCHANGE_FEED: "http", SPORTS_API_URL: "https://s.example", EXCHANGE_HOST_URL: "https://x.example" }).EXCHANGE_FEED).toBe(
      "http",
    );
    expect(parseEnv({}).EXCHANGE_FEED).toBe("simulated");
    expect(() => parseEnv({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
    expect(parseEnv({ LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
    for (const size of ["1", "201", "ten", "2.5"]) expect(() => parseEnv({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(parseEnv({ DATABASE_POOL_SIZE: "20" }).DATABASE_POOL_SIZE).toBe(20);
    for (const ms of ["100", "120001", "soon"]) expect(() => parseEnv({ DATABASE_CONNECT_TIMEOUT_MS: ms })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(parseEnv({}).DATABASE_CONNECT_TIMEOUT_MS).toBe(10_000);
  });
  it("uses a given secret and does not write one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
    const env = parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db", SESSION_SECRET: "x".repeat(40), DATA_DIR: dir });
    expect(env.SESSION_SECRET).toBe("x".repeat(40));
    expect(existsSync(path.join(dir, "session-secret"))).toBe(false);
  });
  it("defaults PUBLIC_URL to the address the server listens on, so reset links work on any port", () => {
    const test = { NODE_ENV: "test" } as const;
    expect(parseEnv({ ...test }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ ...test, PORT: "3293" }).PUBLIC_URL).toBe("http://localhost:3293");
    expect(parseEnv({ ...test, PORT: "8080", HOST: "0.0.0.0" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ ...test, PORT: "8080", HOST: "192.168.1.20" }).PUBLIC_URL).toBe("http://192.168.1.20:8080");
    expect(defaultPublicUrl({ PORT: "8080", HOST: "::1" })).toBe("http://[::1]:8080");
    expect(defaultPublicUrl({ HOST: "::" })).toBe("http://localhost:3000");
  });
  it("keeps an explicit PUBLIC_URL whatever the port", () => {
    expect(parseEnv({ NODE_ENV: "test", PORT: "3293", PUBLIC_URL: "https://play.example.com" }).PUBLIC_URL).toBe("https://play.example.com");
    expect(() => parseEnv({ NODE_ENV: "test", PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });
});
