// The app when PostgreSQL ends the connections it is using (a restart, a failover, an administrator's
// pg_terminate_backend), on PostgreSQL only: under load, the calls in flight fail with a connection error and
// nothing else, the process never meets an unheard 'error' event, the money stays consistent and the next calls
// succeed; through React Router's own server runtime such a request is answered 503 with Retry-After (a page, its
// data request and a resource route alike), never 500; the LISTEN connection of the events bus and a leader lock
// come back by themselves.
import { sql } from "drizzle-orm";
import pg from "pg";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { handleDataRequest, handleError } from "#app/entry.server.tsx";
import { type CapturedLogs, captureLogs, log } from "#app/kernel/log.server.ts";
import { rootMiddleware } from "#app/middleware.server.ts";
import { eventBusReady, type Notice, stopEventBus, subscribePlayer } from "#app/modules/events/bus.server.ts";
import { playDice } from "#app/modules/games/house/dice/dice.server.ts";
import { ensureHouseGames, fundedPlayer } from "#app/modules/games/house/test-helpers.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { closeIdleConnections, expectInvariants, isPostgres } from "#app/modules/payments/test-helpers.ts";
import { isConnectionLost } from "./connection-errors.ts";
import { LeaderElection } from "./leader.server.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!isPostgres())("when PostgreSQL ends the app's connections", () => {
  // An administrator's session on the same database: it ends every other backend of it, as after a restart.
  let admin: pg.Client;
  const terminateAll = async () => {
    const { rows } = await admin.query<{ n: number }>(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows[0]!.n;
  };

  // Anything that reaches the process unheard: an 'error' event without a listener ends up here, and so would a
  // rejected promise nobody waits for.
  const processErrors: unknown[] = [];
  const onProcessError = (e: unknown) => void processErrors.push(e);
  beforeEach(() => {
    processErrors.length = 0;
    process.on("uncaughtException", onProcessError);
    process.on("unhandledRejection", onProcessError);
  });
  afterEach(() => {
    process.off("uncaughtException", onProcessError);
    process.off("unhandledRejection", onProcessError);
  });

  // The pool logs a lost connection once per burst; keep the test output readable.
  let expectedErrors: CapturedLogs;
  beforeAll(async () => {
    expectedErrors = captureLogs({ level: "warn", echo: (r) => !/database|events|leader|connection/i.test(`${r.module} ${r.msg}`) });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    admin.on("error", () => {});
    await admin.connect();
    await ensureHouseGames();
  });
  afterAll(async () => {
    expectedErrors.restore();
    await admin.end();
    await stopEventBus();
    await closeIdleConnections();
  });

  it("Dice bets under load: those in flight fail with a connection error, the process lives, the money adds up and new bets go through", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(5_000_000n)));
    const bet = (playerId: number) => playDice(playerId, { stake: 1_000n, target: 5_000, direction: "under" });
    // Warm the pool to its full size first, so the terminations hit connections in use.
    await Promise.all(players.flatMap((p) => [bet(p.id), bet(p.id)]));

    type Outcome = { at: number; error?: unknown };
    const outcomes: Outcome[] = [];
    const started = Date.now();
    const LOAD_MS = 3_000;
    const worker = async (playerId: number) => {
      while (Date.now() - started < LOAD_MS) {
        const at = Date.now();
        try {
          await bet(playerId);
          outcomes.push({ at });
        } catch (error) {
          outcomes.push({ at, error });
          await sleep(10);
        }
      }
    };
    // 4 workers a player, 24 in all on a pool of 10: every connection is busy and calls queue for one.
    const load = Promise.all(players.flatMap((p) => Array.from({ length: 4 }, () => worker(p.id))));
    const terminations: Array<{ at: number; ended: number }> = [];
    for (const wait of [700, 900]) {
      await sleep(wait);
      terminations.push({ at: Date.now(), ended: await terminateAll() });
    }
    await load;

    expect(processErrors).toEqual([]);
    expect(terminations.every((t) => t.ended > 0)).toBe(true);
    const failed = outcomes.filter((o) => o.error !== undefined);
    // Bets were in flight when their connections ended: they failed, with a connection error and nothing else.
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(isConnectionLost(f.error), String(f.error)).toBe(true);
    // ... and bets went through again after each termination (the pool opened new connections).
    for (const t of terminations) expect(outcomes.some((o) => o.error === undefined && o.at > t.at + 50)).toBe(true);
    expect(outcomes.filter((o) => o.error === undefined).length).toBeGreaterThan(failed.length);

    // A failed bet moved nothing (its transaction rolled back): the ledger's invariants hold and each balance is
    // what the stored rounds say.
    await expectInvariants();
    for (const p of players) {
      const { rows } = await admin.query<{ net: string }>(
        "select coalesce(sum(payout - stake), 0)::text as net from game_rounds where player_id = $1",
        [p.id],
      );
      expect((await getPlayerBalances(p.id)).main.available).toBe(5_000_000n + BigInt(rows[0]!.net));
    }

    // Right after: a burst of new bets all succeed, and no dead connection stayed checked out of the pool.
    const again = await Promise.allSettled(players.flatMap((p) => [bet(p.id), bet(p.id), bet(p.id)]));
    expect(again.filter((r) => r.status === "rejected")).toEqual([]);
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    await waitFor(() => pool.totalCount === pool.idleCount, 2_000, "every connection to be back in the pool");
    expect(processErrors).toEqual([]);
  }, 30_000);

  it("transactions that begin on connections the database has just ended give them back: the pool keeps its size", async () => {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const checkedOut = () => pool.totalCount - pool.idleCount;
    for (let round = 0; round < 5; round++) {
      // Ten idle connections, ended all at once; transactions asked for at the same moment may get one of them
      // before the pool has heard, and fail on their BEGIN.
      await Promise.all(Array.from({ length: 10 }, () => db.transaction((tx) => tx.execute(sql`select pg_sleep(0.02)`))));
      await terminateAll();
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => db.transaction((tx) => tx.execute(sql`select 1`))));
      for (const r of results) if (r.status === "rejected") expect(isConnectionLost(r.reason), String(r.reason)).toBe(true);
      await waitFor(() => checkedOut() === 0, 2_000, "every connection to be back in the pool");
    }
    // The pool still has all its room: ten transactions hold ten connections at once.
    await Promise.all(Array.from({ length: 10 }, () => db.transaction((tx) => tx.execute(sql`select pg_sleep(0.2)`))));
    expect(processErrors).toEqual([]);
  }, 30_000);

  it("through React Router's runtime, a page, its data request and a resource route whose connection ends answer 503, not 500", async () => {
    // The root's real middleware and the real handleError; routes whose loader or action holds a connection
    // (a transaction sleeping in the database) until the administrator ends it.
    const held = async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      });
      return Response.json({ ok: true });
    };
    const build = {
      entry: {
        module: {
          default: (_request: Request, status: number, headers: Headers) => {
            headers.set("Content-Type", "text/html; charset=utf-8");
            return new Response("<!doctype html><p>page</p>", { status, headers });
          },
          handleError,
          handleDataRequest,
        },
      },
      routes: {
        root: { id: "root", path: "", module: { middleware: rootMiddleware, default: () => null, ErrorBoundary: () => null } },
        page: { id: "page", parentId: "root", path: "held-page", module: { loader: held, default: () => null } },
        resource: { id: "resource", parentId: "root", path: "api/held", module: { loader: held, action: held } },
      },
      assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      basename: "/",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
      allowedActionOrigins: false,
    } as unknown as ServerBuild;
    const handler = createRequestHandler(build, "production");
    const asked = (path: string, init: RequestInit = {}) =>
      handler(new Request(`http://localhost${path}`, { ...init, headers: { "user-agent": "test", ...init.headers } }), new RouterContextProvider());
    const sleeping = async () => {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%pg_sleep(10)%' and pid <> pg_backend_pid()",
      );
      return rows[0]!.n;
    };

    const requests = [
      asked("/held-page"),
      asked("/held-page.data"),
      asked("/api/held"),
      asked("/api/held", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
    ];
    await waitFor(async () => (await sleeping()) === requests.length, 10_000, "the four requests to hold their connections");
    await terminateAll();
    const responses = await Promise.all(requests);

    expect(responses.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    for (const r of responses) {
      expect(r.headers.get("retry-after")).toBe("5");
      expect(r.headers.get("cache-control")).toBe("no-store");
    }
    expect(await responses[2]!.json()).toMatchObject({ message: expect.stringContaining("try again") });
    expect(processErrors).toEqual([]);

    // Any other error is still a 500: only a lost connection is a 503.
    const failing = {
      ...build,
      routes: { ...build.routes, page: { ...build.routes.page!, module: { loader: () => Promise.reject(new Error("a bug")), default: () => null } } },
    };
    const quiet = captureLogs();
    try {
      const bug = await createRequestHandler(failing as ServerBuild, "production")(
        new Request("http://localhost/held-page"),
        new RouterContextProvider(),
      );
      expect(bug.status).toBe(500);
    } finally {
      quiet.restore();
    }
  }, 30_000);

  it("the events bus LISTENs again after its connection is ended, and its subscribers hear other instances again", async () => {
    const heard: Notice[] = [];
    const off = subscribePlayer(4_242, (n) => heard.push(n));
    try {
      await eventBusReady();
      const notifyFromElsewhere = () => admin.query("select pg_notify('balance_changed', 'another-instance:4242')");
      await notifyFromElsewhere();
      await waitFor(() => heard.length === 1, 5_000, "the first notice");

      const listening = async () => {
        const { rows } = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
        );
        return rows[0]!.n > 0;
      };
      expect(await listening()).toBe(true);
      expect(await terminateAll()).toBeGreaterThan(0);
      // Back within seconds: a new backend LISTENs, and the subscribers were told to re-read (what was published
      // meanwhile was not heard).
      await waitFor(listening, 10_000, "LISTEN to come back");
      await waitFor(() => heard.some((n, i) => i > 0 && n.kind === "balance"), 5_000, "the resync notice");
      const before = heard.length;
      await notifyFromElsewhere();
      await waitFor(() => heard.length > before, 5_000, "a notice from another instance after the reconnect");
      expect(heard.at(-1)).toEqual({ kind: "balance", playerId: 4_242 });
      expect(processErrors).toEqual([]);
    } finally {
      off();
    }
  }, 30_000);

  it("a leader whose lock connection is ended takes its lock again once the connection is back", async () => {
    let leads = 0;
    let losses = 0;
    const election = new LeaderElection({
      url: process.env.DATABASE_URL!,
      lockKey: 7_249_999,
      retryMs: 100,
      log: log.child({ module: "test job" }),
      onLead: () => void leads++,
      onLost: () => void losses++,
    });
    try {
      await election.start();
      expect(election.leading).toBe(true);
      await terminateAll();
      await waitFor(() => losses === 1, 5_000, "the loss to be noticed");
      expect(election.leading).toBe(false);
      // No other instance wants the lock: after its back-off this one reconnects and leads again.
      await waitFor(() => election.leading, 10_000, "the lock to be taken again");
      expect(leads).toBe(2);
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7249999 and granted",
      );
      expect(rows[0]!.n).toBe(1);
      expect(processErrors).toEqual([]);
    } finally {
      await election.stop();
    }
  }, 30_000);
});
