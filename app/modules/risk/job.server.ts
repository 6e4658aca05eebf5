// The AML job: every minute it reads the deposits, withdrawals, sessions, phones and limit changes added since its
// cursor per source and runs the checks on each (detectors.server.ts). Each batch is one transaction that locks the
// source's cursor row (skip locked: another instance busy with the same source leaves it alone), raises the signals
// (idempotent by fingerprint) and moves the cursor, so several instances and re-runs raise each finding once.
import { sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import {
  checkDeposit,
  checkLimitChange,
  checkPhone,
  checkSession,
  checkWithdrawal,
  type DepositRow,
  type LimitChangeRow,
  type PhoneRow,
  type SessionRow,
  type WithdrawalRow,
} from "./detectors.server.ts";
import { getRiskSettings, type RiskThresholds } from "./settings.server.ts";

type Source = {
  name: string;
  table: string;
  /** The column rows are read in order of (with the id). */
  time: string;
  /** Integer ids compare as numbers; sessions' ids are text. */
  intKey: boolean;
  /** Selected from the table aliased t (constants, never input). */
  columns: string;
  check: (ex: Executor, row: never, s: RiskThresholds) => Promise<void>;
};

const sources: Source[] = [
  {
    name: "deposits",
    table: "deposits",
    time: "created_at",
    intKey: true,
    columns: "t.id, t.player_id, t.amount::text as amount, t.sender_number, t.trx_id",
    check: (ex, row: DepositRow, s) => checkDeposit(ex, row, s),
  },
  {
    name: "withdrawals",
    table: "withdrawals",
    time: "created_at",
    intKey: true,
    columns: "t.id, t.player_id, t.amount::text as amount, t.account_number",
    check: (ex, row: WithdrawalRow, s) => checkWithdrawal(ex, row, s),
  },
  {
    name: "sessions",
    table: "sessions",
    time: "created_at",
    intKey: false,
    columns: "t.id, t.player_id, t.ip, t.device_id",
    check: (ex, row: SessionRow, s) => checkSession(ex, row, s),
  },
  // A player's row changes when the main phone does (and on other edits: recording the same phone again is a no-op).
  {
    name: "players",
    table: "players",
    time: "updated_at",
    intKey: true,
    columns: "t.id, t.id as player_id, t.phone",
    check: (ex, row: PhoneRow) => checkPhone(ex, row, "phone"),
  },
  {
    name: "player_phones",
    table: "player_phones",
    time: "created_at",
    intKey: true,
    columns: "t.id, t.player_id, t.phone",
    check: (ex, row: PhoneRow) => checkPhone(ex, row, "extra_phone"),
  },
  {
    name: "rg_limit_changes",
    table: "rg_limit_changes",
    time: "created_at",
    intKey: true,
    columns: "t.id, t.player_id, t.kind, t.period, t.action, t.old_amount::text as old_amount, t.new_amount::text as new_amount",
    check: (ex, row: LimitChangeRow, s) => checkLimitChange(ex, row, s),
  },
];

/**
 * A row's time is taken when its transaction starts but it becomes visible when it commits; rows younger than this
 * are left for the next run, so one committing a moment late is not skipped behind the cursor.
 */
export const SETTLE_MS = 30_000;
const BATCH = 200;

type Batch = { rows: number } | "busy";

async function runBatch(source: Source, s: RiskThresholds, until: Date): Promise<Batch> {
  return db.transaction(async (tx) => {
    const [cursor] = rowsOf<{ at: string; key: string }>(
      await tx.execute(sql`select to_json(at)#>>'{}' as at, key from risk_cursors where source = ${source.name} for update skip locked`),
    );
    if (!cursor) return "busy";
    const key = source.intKey ? sql`${Number(cursor.key || 0)}::bigint` : sql`${cursor.key}`;
    const t = sql.raw(`t.${source.time}`);
    const rows = rowsOf<{ id: number | string; at: string }>(
      await tx.execute(sql`
        select ${sql.raw(source.columns)}, to_json(${t})#>>'{}' as at
        from ${sql.raw(source.table)} t
        where (${t}, t.id) > (${cursor.at}::timestamptz, ${key}) and ${t} <= ${until.toISOString()}::timestamptz
        order by ${t}, t.id
        limit ${BATCH}`),
    );
    for (const row of rows) await source.check(tx, row as never, s);
    const last = rows.at(-1);
    if (last) {
      await tx.execute(sql`
        update risk_cursors set at = ${last.at}::timestamptz, key = ${String(last.id)}, updated_at = now() where source = ${source.name}`);
    }
    return { rows: rows.length };
  });
}

/** One pass over every source; returns how many rows each read. `now`/`settleMs` are for tests. */
export async function runRiskJob({ now = new Date(), settleMs = SETTLE_MS, maxBatches = 20 } = {}): Promise<Record<string, number>> {
  const s = await getRiskSettings();
  await db.execute(sql`
    insert into risk_cursors (source) values ${sql.join(
      sources.map((src) => sql`(${src.name})`),
      sql`, `,
    )} on conflict do nothing`);
  const until = new Date(now.getTime() - settleMs);
  const read: Record<string, number> = {};
  for (const source of sources) {
    read[source.name] = 0;
    for (let i = 0; i < maxBatches; i++) {
      const batch = await runBatch(source, s, until);
      if (batch === "busy") break;
      read[source.name] = (read[source.name] ?? 0) + batch.rows;
      if (batch.rows < BATCH) break;
    }
  }
  return read;
}

const log = rootLog.child({ module: "risk" });
const JOB_INTERVAL_MS = 60_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Started with the server (app/startup/startup.server.ts): one pass a minute per process; instances share the cursors. */
export function startRiskJob() {
  if (timer) return;
  const env = getEnv();
  const settleMs = env.RISK_SETTLE_MS ?? SETTLE_MS;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runRiskJob({ settleMs });
    } catch (e) {
      log.error({ err: e }, "the AML signal job failed; it retries in a minute");
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void run(), env.RISK_JOB_INTERVAL_MS ?? JOB_INTERVAL_MS);
  timer.unref();
  void run();
}
