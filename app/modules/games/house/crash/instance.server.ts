// This process's Crash engine, started with the server (app/startup/startup.server.ts) and stopped on shutdown.
import { getEnv } from "#app/config/env.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { CrashEngine, type CrashTiming } from "./engine.server.ts";
import { crashHub } from "./hub.server.ts";
import type { PublicRound } from "./public.ts";

const KEY = Symbol.for("deshplay.crashEngine");
type WithEngine = typeof globalThis & { [KEY]?: CrashEngine };

/** Starts the engine once per process (also across dev-server module reloads). */
export async function startCrashEngine(timing?: Partial<CrashTiming>): Promise<CrashEngine> {
  const g = globalThis as WithEngine;
  if (!g[KEY]) {
    g[KEY] = new CrashEngine({ databaseUrl: getEnv().DATABASE_URL, hub: crashHub(), timing });
    await g[KEY].start();
    rootLog.child({ module: "crash" }).info(`Crash engine started (${g[KEY].isLeader ? "leader" : "follower"}).`);
  }
  return g[KEY];
}

export async function stopCrashEngine() {
  const g = globalThis as WithEngine;
  const engine = g[KEY];
  g[KEY] = undefined;
  await engine?.stop();
}

/** The current round from the running engine's snapshot; undefined when no engine runs in this process. */
export function engineSnapshot(): PublicRound | null | undefined {
  return (globalThis as WithEngine)[KEY]?.currentSnapshot();
}
