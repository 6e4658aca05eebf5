// npm run bench:races — the race standings stream: N clients (default 1,000) watch one race on
// /resources/race-events while a player's settled wagers change its standings. A child process serves the real
// loader on a throw-away in-memory PGlite database (a bare HTTP server instead of the built app: no build needed); this
// process opens the connections and measures, for each push, the time from the standings being read (the JSON's `ts`)
// to its arrival at each client, and from the wager's commit to the last client (this includes the deliberate
// at-most-once-a-second throttle). Stops by itself.
// Options: --clients=N (default 1000), --pushes=N measured pushes (default 20), --wager-ms=N between wagers (default 1200).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeResponse } from "./pipe-response.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const now = () => performance.timeOrigin + performance.now();

if (args.has("server")) await serve();
else await measure();

async function serve() {
  const { db } = await import("#app/db/db.server.ts");
  const { countWager, saveRace, watcherCount } = await import("#app/modules/races/index.server.ts");
  const { createStaff, createTestPlayer } = await import("#tests/kit/players.ts");
  const { loader } = await import("#app/routes/resources/race-events.ts");
  const wagerMs = Number(args.get("wager-ms") ?? 1200);

  // The audit row of the race names a staff member.
  const staff = await createStaff();
  const { id: raceId } = await saveRace({ id: staff.id, ip: null }, null, {
    name: "Bench race",
    nameBn: "",
    period: "daily",
    products: ["house"],
    minStake: 0n,
    prizes: [10_000n],
    wallet: "main",
    turnoverMultiplier: 0,
    active: true,
  });
  const playerIds = await Promise.all(Array.from({ length: 20 }, () => createTestPlayer()));

  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith("/resources/race-events")) {
      res.writeHead(404).end();
      return;
    }
    const abort = new AbortController();
    req.on("close", () => abort.abort());
    const url = new URL(`http://127.0.0.1${req.url}`);
    const request = new Request(url, { signal: abort.signal });
    void (async () => {
      const response = await loader({ request, url } as unknown as Parameters<typeof loader>[0]);
      await pipeResponse(response, res);
    })().catch(() => res.destroy());
  });
  server.maxConnections = 100_000;
  let wagering: NodeJS.Timeout | undefined;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send!({ port, raceId });
  });
  process.on("message", async (msg) => {
    if (msg === "stats") process.send!({ watchers: watcherCount(raceId) });
    if (msg === "wager") {
      let n = 0;
      wagering = setInterval(() => {
        const playerId = playerIds[n++ % playerIds.length]!;
        void db
          .transaction((tx) => countWager(tx, { playerId, stake: 1_000n + BigInt(n), product: "house" }))
          .then(() => process.send!({ committed: now() }));
      }, wagerMs);
    }
    if (msg === "stop") {
      clearInterval(wagering);
      server.closeAllConnections();
      server.close();
      process.exit(0);
    }
  });
}

function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DIR: "memory://",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-races-")),
    NODE_ENV: "test",
  };
  delete env.DATABASE_URL;
  return env;
}

async function measure() {
  const clients = Math.max(1, Number(args.get("clients") ?? 1000));
  const wanted = Math.max(1, Number(args.get("pushes") ?? 20));
  const here = path.resolve(import.meta.dirname ?? ".", "bench-races.ts");
  const child = spawn(process.execPath, [here, "--server", ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: serverEnv(),
  });
  const first = await new Promise<{ port: number; raceId: number }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { port: number; raceId: number }));
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  const commits: number[] = [];
  child.on("message", (m) => {
    const c = (m as { committed?: number }).committed;
    if (c) commits.push(c);
  });
  const ask = <T>(msg: string) =>
    new Promise<T>((resolve) => {
      const on = (m: unknown) => {
        if (m && typeof m === "object" && "watchers" in m) {
          child.off("message", on);
          resolve(m as T);
        }
      };
      child.on("message", on);
      child.send(msg);
    });

  const arrivals = new Map<number, number[]>(); // push ts -> arrival times
  let connected = 0;
  let measuring = false;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const pushRe = /event: standings\ndata: (\{[^\n]*\})\n\n/g;
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < clients; i++) {
      const req = http.get({ host: "127.0.0.1", port: first.port, path: `/resources/race-events?race=${first.raceId}`, agent }, (res) => {
        let buffer = "";
        let seen = false;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          const at = now();
          buffer += chunk;
          pushRe.lastIndex = 0;
          let m: RegExpExecArray | null;
          let consumed = 0;
          while ((m = pushRe.exec(buffer))) {
            consumed = pushRe.lastIndex;
            if (!seen) {
              seen = true;
              if (++connected === clients) resolve();
              continue;
            }
            if (!measuring) continue;
            const ts = (JSON.parse(m[1]!) as { ts: number }).ts;
            const list = arrivals.get(ts) ?? [];
            list.push(at);
            arrivals.set(ts, list);
          }
          buffer = buffer.slice(consumed);
        });
      });
      req.on("error", reject);
      requests.push(req);
    }
  });
  const stats = await ask<{ watchers: number }>("stats");
  measuring = true;
  child.send("wager");
  const complete = () => [...arrivals.entries()].filter(([, list]) => list.length === clients);
  const deadline = Date.now() + 180_000;
  while (complete().length < wanted + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  measuring = false;
  const pushes = complete().slice(1, wanted + 1);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const toLast = pushes.map(([ts, list]) => Math.max(...list) - ts).sort((a, b) => a - b);
  const perClient = pushes.flatMap(([ts, list]) => list.map((a) => a - ts)).sort((a, b) => a - b);
  const fromCommit = pushes
    .map(([ts, list]) => {
      const commit = commits.filter((c) => c <= ts).at(-1);
      return commit === undefined ? null : Math.max(...list) - commit;
    })
    .filter((x): x is number => x !== null)
    .sort((a, b) => a - b);

  console.log(`Race standings SSE: ${clients} clients on one race (${stats.watchers} watchers in the server), ${pushes.length} pushes measured`);
  if (pushes.length) {
    console.log(
      `  read -> last client: p50 ${q(toLast, 0.5).toFixed(1)} ms, p99 ${q(toLast, 0.99).toFixed(1)} ms, max ${toLast.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`  read -> any client:  p50 ${q(perClient, 0.5).toFixed(1)} ms, p99 ${q(perClient, 0.99).toFixed(1)} ms`);
    if (fromCommit.length)
      console.log(
        `  wager commit -> last client (incl. the 1 s throttle): p50 ${q(fromCommit, 0.5).toFixed(0)} ms, p99 ${q(fromCommit, 0.99).toFixed(0)} ms`,
      );
  }
  for (const r of requests) r.destroy();
  agent.destroy();
  child.send("stop");
  await new Promise((r) => child.once("exit", r));
  process.exit(pushes.length >= wanted ? 0 : 1);
}
