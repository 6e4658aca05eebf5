// npm run bench:crash-sse — the Crash SSE fan-out: the time from a tick's publish by the engine to its arrival at
// each of N connected clients (default 1,000). A child process runs the engine in-process on a throw-away
// in-memory PGlite database and serves the real /resources/crash-events loader on 127.0.0.1 (a bare HTTP server
// instead of the built app: no build needed); this process opens the connections and measures. Rounds are fixed
// at 10.00x so that the ticks never stop for a crash. Stops by itself.
// Options: --clients=N (default 1000), --ticks=N measured ticks (default 50), --tick-ms=N (default 100).
//
// --stream=live-bets measures the house games' live bets instead (issue 30): N clients on /resources/live-bets; the
// server inserts settled house rounds at --bets-per-s (default 20) and notes each as the games do after their commit
// (noteSettledHouseBet); the figure is from that note (the bet's commit) through the publisher's read and the hub's
// "hb" batch to each client. --ticks=N then counts measured bets (default 200).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeResponse } from "./pipe-response.ts";
import { benchPlayerRows } from "./bench-database.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const now = () => performance.timeOrigin + performance.now();

const liveBets = args.get("stream") === "live-bets";

if (args.has("server")) await serve();
else if (liveBets) await measureLiveBets();
else await measure();

async function serve() {
  const { eq } = await import("drizzle-orm");
  const { db } = await import("#app/db/db.server.ts");
  const { crashRounds } = await import("#app/modules/games/schema.ts");
  const { hashChain } = await import("#app/modules/games/fair/index.ts");
  const { CHAIN_LENGTH } = await import("#app/modules/games/house/crash/chain.server.ts");
  const { startCrashEngine, stopCrashEngine } = await import("#app/modules/games/house/crash/instance.server.ts");
  const { crashHub } = await import("#app/modules/games/house/crash/hub.server.ts");
  const { loader: crashLoader } = await import("#app/routes/resources/crash-events.ts");
  const { loader: liveLoader } = await import("#app/routes/resources/live-bets.ts");
  const loader = (liveBets ? liveLoader : crashLoader) as unknown as (args: { request: Request; context: unknown }) => Promise<Response>;
  const streamPath = liveBets ? "/resources/live-bets" : "/resources/crash-events";
  const tickMs = Number(args.get("tick-ms") ?? 100);

  const t0 = performance.now();
  hashChain("00".repeat(32), CHAIN_LENGTH);
  const chainMs = performance.now() - t0;

  // Every round crashes at 10.00x (38 s of ticks): the bench measures ticks, not crashes.
  crashHub().subscribe((e) => {
    if (e.t === "betting") void db.update(crashRounds).set({ crashPoint: 1000 }).where(eq(crashRounds.id, e.r));
  });
  const engine = await startCrashEngine({ bettingMs: 1_500, tickMs, pauseMs: 500 });

  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith(streamPath)) {
      res.writeHead(404).end();
      return;
    }
    const abort = new AbortController();
    req.on("close", () => abort.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, { signal: abort.signal });
    void (async () => {
      // No session: a guest's stream (the context's auth is empty).
      const response = await loader({ request, context: new Map() });
      await pipeResponse(response, res);
    })().catch(() => res.destroy());
  });
  server.maxConnections = 100_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send!({ port, chainMs, chainLoadMs: engine.chainLoadMs });
  });
  // Live bets: settled house rounds inserted and noted as the games note theirs after the commit.
  const noted = new Map<number, number>();
  let betting: NodeJS.Timeout | undefined;
  if (liveBets) {
    const { players } = await import("#app/modules/players/schema.ts");
    const { gameProviders, gameRounds } = await import("#app/modules/games/schema.ts");
    const { noteSettledHouseBet } = await import("#app/modules/games/house/live-bets.server.ts");
    const [provider] = await db.insert(gameProviders).values({ platform: "HOUSE", name: "Bench", kind: "house" }).returning();
    const bettors = await db.insert(players).values(benchPlayerRows(50)).returning({ id: players.id });
    const perSecond = Math.max(1, Number(args.get("bets-per-s") ?? 20));
    let n = 0;
    betting = setInterval(() => {
      const i = n++;
      void db
        .insert(gameRounds)
        .values({
          providerId: provider!.id,
          playerId: bettors[i % bettors.length]!.id,
          roundId: `bench:${i}`,
          gameCode: "HOUSE-ARCADE-DICE",
          gameType: "ARCADE",
          platform: "HOUSE",
          currency: "BDT",
          stake: BigInt(1000 + (i % 7) * 100_000),
          payout: i % 2 ? 1980n : 0n,
          status: "settled",
          settledAt: new Date(),
          fairness: { game: "dice" },
        })
        .returning({ id: gameRounds.id })
        .then(([row]) => {
          noted.set(row!.id, now());
          noteSettledHouseBet(row!.id);
        });
    }, 1000 / perSecond);
  }
  process.on("message", async (msg) => {
    if (msg === "noted") process.send!({ noted: [...noted.entries()] });
    if (msg === "stats") process.send!({ subscribers: crashHub().subscriberCount, chainLoadMs: engine.chainLoadMs });
    if (msg === "stop") {
      clearInterval(betting);
      server.closeAllConnections();
      server.close();
      await stopCrashEngine();
      process.exit(0);
    }
  });
}

type Tick = { key: string; ts: number };

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DIR: "memory://",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-crash-")),
    NODE_ENV: "test",
  };
  delete env.DATABASE_URL;
  return env;
}

async function measure() {
  const clients = Math.max(1, Number(args.get("clients") ?? 1000));
  const wanted = Math.max(1, Number(args.get("ticks") ?? 50));
  const here = path.resolve(import.meta.dirname ?? ".", "bench-crash-sse.ts");
  const child = spawn(process.execPath, [here, "--server", ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: serverEnv(),
  });
  const first = await new Promise<{ port: number; chainMs: number }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { port: number; chainMs: number }));
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  const ask = <T>(msg: string) => new Promise<T>((resolve) => (child.once("message", (m) => resolve(m as T)), child.send(msg)));

  // arrivals: tick key -> arrival times, one per client
  const arrivals = new Map<string, number[]>();
  const published = new Map<string, number>();
  let connected = 0;
  let measuring = false;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const tickRe = /event: tick\ndata: (\{[^\n]*\})\n\n/g;

  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < clients; i++) {
      const req = http.get({ host: "127.0.0.1", port: first.port, path: "/resources/crash-events", agent }, (res) => {
        let buffer = "";
        let seenState = false;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          const at = now();
          buffer += chunk;
          if (!seenState && buffer.includes("event: state")) {
            seenState = true;
            if (++connected === clients) resolve();
          }
          tickRe.lastIndex = 0;
          let m: RegExpExecArray | null;
          let consumed = 0;
          while ((m = tickRe.exec(buffer))) {
            consumed = tickRe.lastIndex;
            if (!measuring) continue;
            const tick = JSON.parse(m[1]!) as { r: number; e: number; ts: number };
            const key = `${tick.r}:${tick.e}`;
            published.set(key, tick.ts);
            const list = arrivals.get(key) ?? [];
            list.push(at);
            arrivals.set(key, list);
          }
          const lastBlank = buffer.lastIndexOf("\n\n");
          buffer = buffer.slice(Math.max(consumed, lastBlank >= 0 ? lastBlank + 2 : 0));
        });
      });
      req.on("error", reject);
      requests.push(req);
    }
  });
  const stats = await ask<{ subscribers: number; chainLoadMs: number }>("stats");
  measuring = true;
  const complete = () => [...arrivals.entries()].filter(([, list]) => list.length === clients);
  const deadline = Date.now() + 120_000;
  while (complete().length < wanted + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  measuring = false;
  // The first tick may have been caught half-way through the fan-out: skip it.
  const ticks: Tick[] = complete()
    .slice(1, wanted + 1)
    .map(([key]) => ({ key, ts: published.get(key)! }));
  const toLast = ticks.map((t) => Math.max(...arrivals.get(t.key)!) - t.ts).sort((a, b) => a - b);
  const perClient = ticks.flatMap((t) => arrivals.get(t.key)!.map((a) => a - t.ts)).sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

  console.log(
    `Crash SSE fan-out: ${clients} clients connected on 127.0.0.1 (${stats.subscribers} subscribers in the server), ${ticks.length} ticks measured`,
  );
  console.log(
    `  publish -> last client: p50 ${q(toLast, 0.5).toFixed(1)} ms, p99 ${q(toLast, 0.99).toFixed(1)} ms, max ${toLast.at(-1)!.toFixed(1)} ms`,
  );
  console.log(`  publish -> any client:  p50 ${q(perClient, 0.5).toFixed(1)} ms, p99 ${q(perClient, 0.99).toFixed(1)} ms`);
  console.log(
    `  hash chain of 100,000 games computed in ${first.chainMs.toFixed(0)} ms (engine start: chain ${stats.chainLoadMs.toFixed(0)} ms incl. database)`,
  );
  for (const r of requests) r.destroy();
  agent.destroy();
  child.send("stop");
  await new Promise((r) => child.once("exit", r));
  process.exit(ticks.length >= wanted ? 0 : 1);
}

/** --stream=live-bets: N clients on /resources/live-bets; each noted bet's time to every client. */
async function measureLiveBets() {
  const clients = Math.max(1, Number(args.get("clients") ?? 1000));
  const wanted = Math.max(1, Number(args.get("ticks") ?? 200));
  const here = path.resolve(import.meta.dirname ?? ".", "bench-crash-sse.ts");
  const child = spawn(process.execPath, [here, "--server", ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: serverEnv(),
  });
  const first = await new Promise<{ port: number }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { port: number }));
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  const ask = <T>(msg: string) => new Promise<T>((resolve) => (child.once("message", (m) => resolve(m as T)), child.send(msg)));

  const arrivals = new Map<number, number[]>();
  let connected = 0;
  let measuring = false;
  let from = 0;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const frameRe = /event: hb\ndata: (\{[^\n]*\})\n\n/g;
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < clients; i++) {
      const req = http.get({ host: "127.0.0.1", port: first.port, path: "/resources/live-bets", agent }, (res) => {
        let buffer = "";
        res.setEncoding("utf8");
        if (++connected === clients) resolve();
        res.on("data", (chunk: string) => {
          const at = now();
          buffer += chunk;
          frameRe.lastIndex = 0;
          let m: RegExpExecArray | null;
          let consumed = 0;
          while ((m = frameRe.exec(buffer))) {
            consumed = frameRe.lastIndex;
            if (!measuring) continue;
            for (const item of (JSON.parse(m[1]!) as { l: { i: number }[] }).l) {
              if (item.i < from) continue;
              const list = arrivals.get(item.i) ?? [];
              list.push(at);
              arrivals.set(item.i, list);
            }
          }
          const lastBlank = buffer.lastIndexOf("\n\n");
          buffer = buffer.slice(Math.max(consumed, lastBlank >= 0 ? lastBlank + 2 : 0));
        });
      });
      req.on("error", reject);
      requests.push(req);
    }
  });
  // Every client subscribed: measure bets noted from now on.
  while ((await ask<{ subscribers: number }>("stats")).subscribers < clients) await new Promise((r) => setTimeout(r, 100));
  from = Math.max(0, ...(await ask<{ noted: [number, number][] }>("noted")).noted.map(([id]) => id)) + 1;
  measuring = true;
  const complete = () => [...arrivals.entries()].filter(([, list]) => list.length === clients);
  const deadline = Date.now() + 120_000;
  while (complete().length < wanted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  measuring = false;
  const noted = new Map((await ask<{ noted: [number, number][] }>("noted")).noted);
  const bets = complete()
    .slice(0, wanted)
    .filter(([id]) => noted.has(id));
  const toLast = bets.map(([id, list]) => Math.max(...list) - noted.get(id)!).sort((a, b) => a - b);
  const perClient = bets.flatMap(([id, list]) => list.map((a) => a - noted.get(id)!)).sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  console.log(`Live bets fan-out: ${clients} clients on /resources/live-bets (127.0.0.1), ${bets.length} settled bets measured`);
  if (bets.length > 0) {
    console.log(
      `  bet committed -> last client: p50 ${q(toLast, 0.5).toFixed(1)} ms, p99 ${q(toLast, 0.99).toFixed(1)} ms, max ${toLast.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`  bet committed -> any client:  p50 ${q(perClient, 0.5).toFixed(1)} ms, p99 ${q(perClient, 0.99).toFixed(1)} ms`);
  }
  for (const r of requests) r.destroy();
  agent.destroy();
  child.send("stop");
  await new Promise((r) => child.once("exit", r));
  process.exit(bets.length >= wanted ? 0 : 1);
}
