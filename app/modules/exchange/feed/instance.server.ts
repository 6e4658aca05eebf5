// This process's exchange feed runner, started with the server (app/startup/startup.server.ts) and stopped on shutdown.
import { getEnv } from "#app/config/env.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { httpFeed } from "./http-feed.server.ts";
import { FeedRunner } from "./runner.server.ts";
import { simulatedFeed } from "./simulated-feed.ts";

const KEY = Symbol.for("deshplay.exchangeFeed");
type WithRunner = typeof globalThis & { [KEY]?: FeedRunner };

/** Starts the configured feed once per process (also across dev-server module reloads); nothing when it is off. */
export async function startExchangeFeed(): Promise<FeedRunner | undefined> {
  const env = getEnv();
  if (env.EXCHANGE_FEED === "off") return undefined;
  const g = globalThis as WithRunner;
  if (!g[KEY]) {
    g[KEY] =
      env.EXCHANGE_FEED === "http"
        ? // A provider's matches are settled by a trader, who confirms the result; no market-maker trades on them.
          new FeedRunner({
            feed: httpFeed({ sportsUrl: env.SPORTS_API_URL!, exchangeUrl: env.EXCHANGE_HOST_URL! }),
            sync: { settleMatches: false, marketMaker: false },
            databaseUrl: env.DATABASE_URL,
          })
        : // The simulated match's result is certain, so its markets settle themselves; the demo's market-maker quotes them.
          new FeedRunner({ feed: simulatedFeed(), sync: { settleMatches: true, marketMaker: true }, databaseUrl: env.DATABASE_URL });
    await g[KEY].start();
    rootLog.child({ module: "exchange-feed" }).info(`Exchange feed started (${env.EXCHANGE_FEED}, ${g[KEY].isLeader ? "leader" : "follower"}).`);
  }
  return g[KEY];
}

export async function stopExchangeFeed() {
  const g = globalThis as WithRunner;
  const runner = g[KEY];
  g[KEY] = undefined;
  await runner?.stop();
}
