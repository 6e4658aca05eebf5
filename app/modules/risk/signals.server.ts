// AML signals: raised by the job (signals-job.server.ts) once per finding, handled by staff on /admin/risk.
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { db, type Db, type Executor, readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { type AmlSignalKind, amlSignals, playerReviews } from "./schema.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import type { SignalStatus } from "./kinds.ts";
import { openReviewIn } from "./reviews.server.ts";

export { type SignalStatus, signalStatuses } from "./kinds.ts";

/** Evidence as JSON holds it: ids as numbers, poisha as decimal strings, times as ISO strings. */
export type Evidence = Record<string, unknown> & { otherPlayerIds?: number[] };

/** Raises a signal once: the same fingerprint again (a re-run, another instance) is a no-op. True when new. */
export async function raiseSignal(
  ex: Executor,
  signal: { playerId: number; kind: AmlSignalKind; fingerprint: string; evidence: Evidence },
): Promise<boolean> {
  const rows = await ex
    .insert(amlSignals)
    .values({ playerId: signal.playerId, kind: signal.kind, fingerprint: signal.fingerprint, evidence: signal.evidence })
    .onConflictDoNothing({ target: amlSignals.fingerprint })
    .returning({ id: amlSignals.id });
  return rows.length > 0;
}

export const SIGNAL_PAGE_SIZE = 20;

export type SignalRow = {
  id: number;
  playerId: number;
  username: string;
  kind: AmlSignalKind;
  status: SignalStatus;
  evidence: Evidence;
  createdAt: Date;
  handledAt: Date | null;
  handledNote: string | null;
  handledBy: string | null;
  /** Usernames of the other players the evidence names, by id. */
  others: { id: number; username: string }[];
};

async function withOthers(rows: Omit<SignalRow, "others">[]): Promise<SignalRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (Array.isArray(r.evidence.otherPlayerIds) ? r.evidence.otherPlayerIds : [])))].filter(
    (id): id is number => Number.isSafeInteger(id),
  );
  const names = new Map(
    ids.length
      ? (await db.select({ id: players.id, username: players.username }).from(players).where(inArray(players.id, ids))).map((p) => [p.id, p.username])
      : [],
  );
  return rows.map((r) => ({
    ...r,
    others: (r.evidence.otherPlayerIds ?? []).map((id) => ({ id, username: names.get(id) ?? `#${id}` })),
  }));
}

const signalColumns = {
  id: amlSignals.id,
  playerId: amlSignals.playerId,
  username: players.username,
  kind: amlSignals.kind,
  status: amlSignals.status,
  evidence: amlSignals.evidence,
  createdAt: amlSignals.createdAt,
  handledAt: amlSignals.handledAt,
  handledNote: amlSignals.handledNote,
  handledBy: staffUsers.username,
};

async function selectSignals(where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select(signalColumns)
    .from(amlSignals)
    .innerJoin(players, eq(players.id, amlSignals.playerId))
    .leftJoin(staffUsers, eq(staffUsers.id, amlSignals.handledBy))
    .where(where)
    .orderBy(desc(amlSignals.createdAt), desc(amlSignals.id))
    .limit(limit)
    .offset(offset);
  return withOthers(rows as Omit<SignalRow, "others">[]);
}

/** /admin/risk's filter; start/end: [start, end) as UTC instants (a Dhaka day range resolved by the caller). */
export type SignalFilter = { kind?: AmlSignalKind; status?: SignalStatus; start?: Date; end?: Date };

function signalWhere({ kind, status, start, end }: SignalFilter) {
  return and(
    kind ? eq(amlSignals.kind, kind) : undefined,
    status ? eq(amlSignals.status, status) : undefined,
    start ? gte(amlSignals.createdAt, start) : undefined,
    end ? lt(amlSignals.createdAt, end) : undefined,
  );
}

export type SignalExportRow = Omit<SignalRow, "others">;

/**
 * The signals of a filter newest first, `pageSize` at a time from the reporting database (keyset on (created_at, id),
 * the cursor's exact created_at read back in SQL: a Date has milliseconds, the column microseconds).
 */
export function signalExportRows(filter: SignalFilter, pageSize = 1000, reader: Db = readDb): AsyncGenerator<SignalExportRow> {
  const where = signalWhere(filter);
  return keysetRows(
    (before: number | undefined, limit) =>
      reader
        .select(signalColumns)
        .from(amlSignals)
        .innerJoin(players, eq(players.id, amlSignals.playerId))
        .leftJoin(staffUsers, eq(staffUsers.id, amlSignals.handledBy))
        .where(
          and(
            where,
            before === undefined
              ? undefined
              : sql`(${amlSignals.createdAt}, ${amlSignals.id}) < ((select s.created_at from ${amlSignals} s where s.id = ${before}), ${before})`,
          ),
        )
        .orderBy(desc(amlSignals.createdAt), desc(amlSignals.id))
        .limit(limit) as Promise<SignalExportRow[]>,
    (row) => row.id,
    pageSize,
  );
}

/** /admin/risk: signals newest first, by kind and status; one row more than a page tells whether there is a next. */
export async function listSignals(filter: SignalFilter & { page?: number }) {
  const page = filter.page ?? 1;
  const where = signalWhere(filter);
  const rows = await selectSignals(where, SIGNAL_PAGE_SIZE + 1, (Math.max(1, page) - 1) * SIGNAL_PAGE_SIZE);
  return { items: rows.slice(0, SIGNAL_PAGE_SIZE), hasMore: rows.length > SIGNAL_PAGE_SIZE };
}

/** A player's signals, newest first (their risk tab). */
export async function playerSignals(playerId: number, limit = 100) {
  return selectSignals(eq(amlSignals.playerId, playerId), limit, 0);
}

export async function openSignalCount() {
  const [row] = await db.select({ n: count() }).from(amlSignals).where(eq(amlSignals.status, "open"));
  return row?.n ?? 0;
}

export type HandleResult = { ok: true; playerId: number; reviewOpened: boolean } | { ok: false; reason: "not_found" | "already_handled" };

/**
 * Staff dismiss a signal or escalate it, with a note (audited). Escalating also opens a review on the player (their
 * withdrawals are held) unless one is open already. Only an open signal can be handled: two staff clicking, one wins.
 */
export async function handleSignal(
  actor: { staffId: number; ip: string | null },
  input: { signalId: number; intent: "dismiss" | "escalate"; note: string },
): Promise<HandleResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(amlSignals).where(eq(amlSignals.id, input.signalId)).for("update");
    if (!before) return { ok: false, reason: "not_found" } as const;
    if (before.status !== "open") return { ok: false, reason: "already_handled" } as const;
    const status = input.intent === "dismiss" ? "dismissed" : "escalated";
    const now = new Date();
    await tx
      .update(amlSignals)
      .set({ status, handledBy: actor.staffId, handledNote: input.note, handledAt: now })
      .where(eq(amlSignals.id, before.id));
    await audit(tx, {
      staffId: actor.staffId,
      action: `risk.signal.${input.intent}`,
      entity: "aml_signal",
      entityId: before.id,
      before: { status: before.status },
      after: { status, note: input.note, playerId: before.playerId, kind: before.kind },
      ip: actor.ip,
    });
    let reviewOpened = false;
    if (status === "escalated") {
      const opened = await openReviewIn(tx, { staffId: actor.staffId, ip: actor.ip }, before.playerId, input.note, before.id);
      reviewOpened = opened.ok && opened.opened;
    }
    return { ok: true, playerId: before.playerId, reviewOpened } as const;
  });
}

/** Whether each player has an open review (for queues that show "held"). */
export async function playersUnderReview(playerIds: number[]): Promise<Set<number>> {
  if (!playerIds.length) return new Set();
  const rows = await db
    .select({ playerId: playerReviews.playerId })
    .from(playerReviews)
    .where(and(inArray(playerReviews.playerId, [...new Set(playerIds)]), eq(playerReviews.status, "open")));
  return new Set(rows.map((r) => r.playerId));
}

/** For the back office's player list: the condition "the player (the SQL of their id) has an open AML signal". */
export const hasOpenSignalSql = (playerId: SQL): SQL =>
  sql`exists (select 1 from ${amlSignals} s where s.player_id = ${playerId} and s.status = 'open')`;
