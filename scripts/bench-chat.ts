// npm run bench:chat — the one player event stream at scale: N players (default 1,000) each hold one SSE connection
// to the real /resources/events loader (balance, inbox and chat events). Measures the time from a staff message to
// the last client (a message to everyone, one to a list of all N, a chat reply to one player, and a reply in every
// player's chat at once), and the server's memory per open connection. A child process serves the loader on
// 127.0.0.1 on a throw-away in-memory PGlite database (or, with DATABASE_URL, a new PostgreSQL database that is
// dropped afterwards); this process opens the connections and measures. Stops by itself.
// Options: --clients=N (default 1000), --rounds=N broadcasts and single replies measured (default 5).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pipeResponse } from "./pipe-response.ts";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const now = () => performance.timeOrigin + performance.now();

if (args.has("server")) await serve();
else await measure();

type Memory = { rss: number; heapUsed: number; external: number };

async function serve() {
  const { RouterContextProvider } = await import("react-router");
  const { db } = await import("#app/db/db.server.ts");
  const { players } = await import("#app/modules/players/schema.ts");
  const { staffUsers } = await import("#app/modules/staff/schema.ts");
  const { createSession, getSessionPlayer } = await import("#app/modules/sessions/sessions.server.ts");
  const { authContext } = await import("#app/modules/sessions/auth.server.ts");
  const { sendInboxMessage } = await import("#app/modules/inbox/inbox.server.ts");
  const { openChat, staffReply } = await import("#app/modules/chat/chat.server.ts");
  const { loader } = await import("#app/routes/resources/balance-events.ts");
  const clients = Number(args.get("clients") ?? 1000);

  const [staff] = await db.insert(staffUsers).values({ username: "benchsupport", passwordHash: "x", role: "support" }).returning();
  const rows = Array.from({ length: clients }, (_, i) => ({
    username: `bench${i}`,
    passwordHash: "x",
    phone: `017${String(i).padStart(8, "0")}`,
    email: `bench${i}@example.test`,
    referralCode: `B${i}`,
    createdAt: new Date(Date.now() - 60_000),
  }));
  const made: { id: number; username: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    made.push(
      ...(await db
        .insert(players)
        .values(rows.slice(i, i + 500))
        .returning({ id: players.id, username: players.username })),
    );
  }
  const tokens: string[] = [];
  const chats: number[] = [];
  for (const p of made) {
    tokens.push((await createSession(p.id)).token);
    chats.push((await openChat(p.id)).id);
  }

  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith("/resources/events")) {
      res.writeHead(404).end();
      return;
    }
    const abort = new AbortController();
    req.on("close", () => abort.abort());
    void (async () => {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const player = await getSessionPlayer(token);
      const context = new RouterContextProvider();
      context.set(authContext, player ? { player, token } : null);
      const url = new URL(`http://127.0.0.1${req.url}`);
      const request = new Request(url, { signal: abort.signal });
      const response = (await loader({ request, context, url, params: {} } as unknown as Parameters<typeof loader>[0])) as Response;
      await pipeResponse(response, res);
    })().catch(() => res.destroy());
  });
  server.maxConnections = 100_000;
  const memory = (): Memory => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
  };
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.send!({ port, tokens, idle: memory() });
  });
  process.on("message", async (msg: { op: string; i?: number; text?: string }) => {
    const at = performance.timeOrigin + performance.now();
    if (msg.op === "memory") process.send!({ memory: memory() });
    if (msg.op === "all") {
      await sendInboxMessage({ staffId: staff!.id, audience: "all", title: "Notice", body: msg.text ?? "" });
      process.send!({ at });
    }
    if (msg.op === "list") {
      await sendInboxMessage({
        staffId: staff!.id,
        audience: "list",
        usernames: made.map((p) => p.username).join(","),
        title: "List",
        body: msg.text ?? "",
      });
      process.send!({ at });
    }
    if (msg.op === "reply") {
      await staffReply({ staffId: staff!.id, chatId: chats[msg.i!]!, content: msg.text ?? "" });
      process.send!({ at });
    }
    if (msg.op === "reply-all") {
      await Promise.all(chats.map((chatId) => staffReply({ staffId: staff!.id, chatId, content: msg.text ?? "" })));
      process.send!({ at });
    }
    if (msg.op === "stop") {
      server.closeAllConnections();
      server.close();
      process.exit(0);
    }
  });
}

async function serverEnv(): Promise<{ env: NodeJS.ProcessEnv; drop?: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-chat-")), NODE_ENV: "test" };
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = "memory://";
    return { env };
  }
  const name = `bench_chat_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return { env, drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function measure() {
  const clients = Math.max(1, Number(args.get("clients") ?? 1000));
  const rounds = Math.max(1, Number(args.get("rounds") ?? 5));
  const here = path.resolve(import.meta.dirname ?? ".", "bench-chat.ts");
  const { env, drop } = await serverEnv();
  const child = spawn(process.execPath, ["--expose-gc", here, "--server", ...process.argv.slice(2)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env,
  });
  const first = await new Promise<{ port: number; tokens: string[]; idle: Memory }>((resolve, reject) => {
    child.once("message", (m) => resolve(m as { port: number; tokens: string[]; idle: Memory }));
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  const ask = <T>(msg: object) => new Promise<T>((resolve) => (child.once("message", (m) => resolve(m as T)), child.send(msg)));

  // Per client: the latest unread count and chat event times, with a waiter for the next change.
  const unread = new Array<number>(clients).fill(-1);
  const inboxAt = new Array<number>(clients).fill(0);
  const chatAt = new Array<number>(clients).fill(0);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const eventRe = /event: (\w+)\ndata: ([^\n]*)\n\n/g;

  await new Promise<void>((resolve, reject) => {
    let connected = 0;
    for (let i = 0; i < clients; i++) {
      const req = http.get(
        { host: "127.0.0.1", port: first.port, path: "/resources/events?inbox=1", agent, headers: { authorization: `Bearer ${first.tokens[i]}` } },
        (res) => {
          let buffer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            const at = now();
            buffer += chunk;
            eventRe.lastIndex = 0;
            let m: RegExpExecArray | null;
            let consumed = 0;
            while ((m = eventRe.exec(buffer))) {
              consumed = eventRe.lastIndex;
              if (m[1] === "inbox") {
                const was = unread[i]!;
                unread[i] = (JSON.parse(m[2]!) as { unread: number }).unread;
                inboxAt[i] = at;
                if (was === -1 && ++connected === clients) resolve();
              } else if (m[1] === "chat") chatAt[i] = at;
            }
            buffer = buffer.slice(consumed);
          });
        },
      );
      req.on("error", reject);
      requests.push(req);
    }
  });
  const open = await ask<{ memory: Memory }>({ op: "memory" });
  const perConnection = (k: keyof Memory) => (open.memory[k] - first.idle[k]) / clients / 1024;

  const waitUntil = async (done: () => boolean, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() > end) throw new Error("timed out waiting for the clients");
      await new Promise((r) => setTimeout(r, 2));
    }
  };
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const fmt = (xs: number[]) => `p50 ${q(xs, 0.5).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

  // Inbox: a message to everyone (no row per player), then one to a list of all N players (a row each).
  const toLastAll: number[] = [];
  const toLastList: number[] = [];
  let expected = 0;
  for (const [op, out] of [
    ["all", toLastAll],
    ["list", toLastList],
  ] as const) {
    for (let r = 0; r < rounds; r++) {
      expected++;
      const { at } = await ask<{ at: number }>({ op, text: `Round ${r}` });
      await waitUntil(() => unread.every((n) => n === expected));
      out.push(Math.max(...inboxAt) - at);
    }
  }
  // Chat: a reply to one player (a different one each round), then a reply in every player's chat at once.
  const single: number[] = [];
  for (let r = 0; r < rounds * 4; r++) {
    const i = Math.floor((r * clients) / (rounds * 4));
    const before = chatAt[i]!;
    const { at } = await ask<{ at: number }>({ op: "reply", i, text: "Hello" });
    await waitUntil(() => chatAt[i]! > before);
    single.push(chatAt[i]! - at);
  }
  const before = [...chatAt];
  const { at } = await ask<{ at: number }>({ op: "reply-all", text: "Hello everyone" });
  await waitUntil(() => chatAt.every((t, i) => t > before[i]!));
  const replyAll = Math.max(...chatAt) - at;

  const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (in memory)";
  console.log(`Player event stream: ${clients} SSE connections on 127.0.0.1, ${db}, one stream each (balance, inbox, chat)`);
  console.log(`  staff message to everyone -> unread count at the last client: ${fmt(toLastAll)} (${rounds} rounds)`);
  console.log(`  staff message to a list of all ${clients} -> last client:       ${fmt(toLastList)} (${rounds} rounds)`);
  console.log(`  staff chat reply to one player -> that player's stream:    ${fmt(single)} (${single.length} replies)`);
  console.log(`  staff reply in all ${clients} chats at once -> last client:   ${replyAll.toFixed(0)} ms`);
  console.log(
    `  server memory per open connection: ${perConnection("heapUsed").toFixed(1)} KiB of JS heap after GC (RSS ${perConnection("rss").toFixed(1)} KiB each; ${(open.memory.rss / 1048576).toFixed(0)} MiB RSS in all)`,
  );
  for (const r of requests) r.destroy();
  agent.destroy();
  child.send({ op: "stop" });
  await new Promise((r) => child.once("exit", r));
  await drop?.();
  process.exit(0);
}
