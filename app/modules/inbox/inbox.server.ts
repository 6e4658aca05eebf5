// The player's inbox: messages from staff (one player, a list, everyone) and system notices (payment outcomes).
import { and, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publish } from "#app/modules/events/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { excludedAt } from "#app/modules/protection/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { isId } from "#app/utils/ids.ts";
import { inboxMessages, inboxRecipients, type InboxAudience } from "./schema.ts";
import { parseUsernames } from "./validation.ts";

export const INBOX_PAGE_SIZE = 10;

export type InboxItem = {
  id: number;
  title: string;
  body: string;
  template: string | null;
  params: Record<string, string> | null;
  createdAt: Date;
  read: boolean;
};

type Row = {
  id: number;
  title: string;
  body: string;
  template: string | null;
  params: Record<string, string> | null;
  created_at: Date | string;
  read_at: Date | string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const toItem = (r: Row): InboxItem => ({
  id: r.id,
  title: r.title,
  body: r.body,
  template: r.template,
  params: r.params,
  createdAt: new Date(r.created_at),
  read: r.read_at !== null,
});

/**
 * The messages this player may see and their state: rows addressed to them (not deleted), plus broadcasts sent
 * since they registered that they have not acted on (no state row yet: unread). Two index-driven halves, no scan
 * of other players' messages. Broadcasts are marketing: one sent while the player was under a time-out,
 * self-exclusion or closure never reaches them, not even after it ended.
 */
function visible(playerId: number) {
  return sql`(
    select m.id, m.title, m.body, m.template, m.params, m.created_at, r.read_at
      from inbox_recipients r join inbox_messages m on m.id = r.message_id
     where r.player_id = ${playerId} and r.deleted_at is null
    union all
    select m.id, m.title, m.body, m.template, m.params, m.created_at, null::timestamptz as read_at
      from inbox_messages m
     where m.audience = 'all'
       and m.created_at >= (select created_at from players where id = ${playerId})
       and not exists (select 1 from inbox_recipients r where r.player_id = ${playerId} and r.message_id = m.id)
       and not ${excludedAt(playerId, sql`m.created_at`)}
  )`;
}

/** Newest first, `pageSize` a page; lastPage is at least 1. */
export async function listInbox(playerId: number, { page = 1, pageSize = INBOX_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const [items, counts] = await Promise.all([
    db.execute(sql`select * from ${visible(playerId)} v order by created_at desc, id desc limit ${pageSize} offset ${(safePage - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as total, count(*) filter (where read_at is null)::int as unread from ${visible(playerId)} v`),
  ]);
  const { total, unread } = rowsOf<{ total: number; unread: number }>(counts)[0] ?? { total: 0, unread: 0 };
  return { items: rowsOf<Row>(items).map(toItem), total, unread, page: safePage, lastPage: Math.max(1, Math.ceil(total / pageSize)) };
}

export async function unreadCount(playerId: number): Promise<number> {
  return (await unreadCounts([playerId])).get(playerId) ?? 0;
}

/**
 * Unread counts of many players in one statement: addressed rows not read or deleted, plus broadcasts since each
 * registered without a state row. A message to everyone wakes every open stream at once; they ask together.
 */
export async function unreadCounts(playerIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const ids = [...new Set(playerIds)];
  for (let i = 0; i < ids.length; i += 1_000) {
    const chunk = ids.slice(i, i + 1_000);
    const result = await db.execute(sql`
      select p.id,
             (select count(*) from inbox_recipients r where r.player_id = p.id and r.read_at is null and r.deleted_at is null)::int
           + (select count(*) from inbox_messages m
               where m.audience = 'all' and m.created_at >= p.created_at
                 and not exists (select 1 from inbox_recipients r where r.player_id = p.id and r.message_id = m.id)
                 and not ${excludedAt(sql`p.id`, sql`m.created_at`)})::int as unread
        from players p
       where p.id in (${sql.join(
         chunk.map((id) => sql`${id}`),
         sql`, `,
       )})`);
    for (const row of rowsOf<{ id: number; unread: number }>(result)) counts.set(row.id, row.unread);
  }
  return counts;
}

type Waiter = { resolve: (n: number) => void; reject: (e: unknown) => void };
let pendingUnread: Map<number, Waiter[]> | null = null;

/**
 * unreadCount for the event streams: the calls made in the same turn of the event loop (every stream woken by one
 * broadcast) share one unreadCounts statement instead of one query each.
 */
export function liveUnreadCount(playerId: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!pendingUnread) {
      const batch = (pendingUnread = new Map<number, Waiter[]>());
      setImmediate(() => {
        pendingUnread = null;
        unreadCounts([...batch.keys()]).then(
          (counts) => batch.forEach((waiters, id) => waiters.forEach((w) => w.resolve(counts.get(id) ?? 0))),
          (error: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(error))),
        );
      });
    }
    const waiters = pendingUnread.get(playerId) ?? [];
    waiters.push({ resolve, reject });
    pendingUnread.set(playerId, waiters);
  });
}

/** One of the player's messages, or null (someone else's, deleted, or unknown). */
export async function getInboxMessage(playerId: number, id: number): Promise<InboxItem | null> {
  if (!isId(id)) return null;
  const result = await db.execute(sql`select * from ${visible(playerId)} v where id = ${id}`);
  const row = rowsOf<Row>(result)[0];
  return row ? toItem(row) : null;
}

/**
 * Marks the given messages read ("read") or deleted ("delete") for this player only; ids the player cannot see are
 * ignored. Returns how many changed. The state row of a broadcast is made here, on first use.
 */
export async function updateInbox(playerId: number, ids: number[], action: "read" | "delete"): Promise<number> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return 0;
  const mine = rowsOf<{ id: number; read_at: unknown }>(
    await db.execute(
      sql`select id, read_at from ${visible(playerId)} v where id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const targets = action === "read" ? mine.filter((m) => m.read_at === null) : mine;
  if (targets.length === 0) return 0;
  const now = new Date();
  const set = action === "read" ? { readAt: now } : { deletedAt: now, readAt: sql`coalesce(${inboxRecipients.readAt}, ${now})` };
  await db
    .insert(inboxRecipients)
    .values(targets.map((m) => ({ playerId, messageId: m.id, ...(action === "read" ? { readAt: now } : { readAt: now, deletedAt: now }) })))
    .onConflictDoUpdate({ target: [inboxRecipients.playerId, inboxRecipients.messageId], set });
  await publish({ kind: "inbox", playerId });
  return targets.length;
}

export type SendResult = { ok: true; messageId: number; recipients: number | "all" } | { ok: false; unknown: string[] };

/**
 * Staff send a message to one player, a list of players (by username) or everyone; audited in the same transaction.
 * Unknown usernames refuse the whole send and are listed back.
 */
export async function sendInboxMessage(input: {
  staffId: number;
  audience: InboxAudience;
  usernames?: string;
  title: string;
  body: string;
  ip?: string | null;
}): Promise<SendResult> {
  const names = input.audience === "all" ? [] : parseUsernames(input.usernames ?? "");
  const result = await db.transaction(async (tx) => {
    let ids: number[] = [];
    if (input.audience !== "all") {
      const found = await tx
        .select({ id: players.id, username: players.username })
        .from(players)
        .where(
          inArray(
            sql`lower(${players.username})`,
            names.map((n) => n.toLowerCase()),
          ),
        );
      const known = new Set(found.map((p) => p.username.toLowerCase()));
      const unknown = names.filter((n) => !known.has(n.toLowerCase()));
      if (unknown.length > 0 || found.length === 0) return { ok: false as const, unknown };
      // A list message is marketing: players under a time-out, self-exclusion or closure are left out.
      const now = new Date();
      const excluded =
        input.audience === "list"
          ? await tx
              .select({ id: players.id })
              .from(players)
              .where(
                and(
                  inArray(
                    players.id,
                    found.map((p) => p.id),
                  ),
                  excludedAt(players.id, now),
                ),
              )
          : [];
      const skip = new Set(excluded.map((p) => p.id));
      ids = found.map((p) => p.id).filter((id) => !skip.has(id));
    }
    const [message] = await tx
      .insert(inboxMessages)
      .values({ audience: input.audience, title: input.title, body: input.body, sentBy: input.staffId })
      .returning({ id: inboxMessages.id });
    if (ids.length > 0) await tx.insert(inboxRecipients).values(ids.map((playerId) => ({ playerId, messageId: message!.id })));
    await audit(tx, {
      staffId: input.staffId,
      action: "inbox.send",
      entity: "inbox_message",
      entityId: message!.id,
      after: { audience: input.audience, usernames: input.audience === "all" ? undefined : names, title: input.title, body: input.body },
      ip: input.ip ?? null,
    });
    return { ok: true as const, messageId: message!.id, recipients: input.audience === "all" ? ("all" as const) : ids };
  });
  if (!result.ok) return result;
  if (result.recipients === "all") await publish({ kind: "inbox", playerId: "all" });
  else await Promise.all(result.recipients.map((playerId) => publish({ kind: "inbox", playerId })));
  return { ok: true, messageId: result.messageId, recipients: result.recipients === "all" ? "all" : result.recipients.length };
}

export type SystemTemplate =
  "depositApproved" | "depositRejected" | "depositRefunded" | "withdrawalApproved" | "withdrawalRejected" | "racePrizeMain" | "racePrizeBonus";

const englishSystem: Record<SystemTemplate, { title: string; body: (p: Record<string, string>) => string }> = {
  depositApproved: {
    title: "Deposit approved",
    body: (p) => `Your deposit ${p.ref} of ৳${p.amount} has been approved and credited to your main wallet.`,
  },
  depositRejected: { title: "Deposit rejected", body: (p) => `Your deposit ${p.ref} of ৳${p.amount} was rejected. Reason: ${p.reason}` },
  depositRefunded: {
    title: "Deposit refunded",
    body: (p) => `Your deposit ${p.ref} of ৳${p.amount} was refunded to your ${p.method} wallet: ${p.reason}`,
  },
  withdrawalApproved: { title: "Withdrawal paid", body: (p) => `Your withdrawal ${p.ref} of ৳${p.amount} has been paid.` },
  withdrawalRejected: {
    title: "Withdrawal rejected",
    body: (p) => `Your withdrawal ${p.ref} of ৳${p.amount} was rejected and the money is back in your main wallet. Reason: ${p.reason}`,
  },
  racePrizeMain: {
    title: "Race prize",
    body: (p) => `You finished #${p.rank} in ${p.race} (${p.period}). Your prize of ৳${p.amount} is in your main wallet.`,
  },
  racePrizeBonus: {
    title: "Race prize",
    body: (p) => `You finished #${p.rank} in ${p.race} (${p.period}). Your prize of ৳${p.amount} is in your bonus wallet.`,
  },
};

/**
 * A system notice to one player, written inside the caller's transaction (so the outcome and its message commit
 * together). The English text is stored for the API; pages translate the template. Call notifyInbox after commit.
 */
export async function postSystemMessage(tx: Tx, playerId: number, template: SystemTemplate, params: Record<string, string>) {
  const text = englishSystem[template];
  const [message] = await tx
    .insert(inboxMessages)
    .values({ audience: "player", title: text.title, body: text.body(params), template, params })
    .returning({ id: inboxMessages.id });
  await tx.insert(inboxRecipients).values({ playerId, messageId: message!.id });
  return message!.id;
}

/** After a committed system message: the player's open pages update their unread count and list. */
export function notifyInbox(playerId: number) {
  return publish({ kind: "inbox", playerId });
}

/** The back office's view of what staff sent lately: audience, recipients (rows) and how many have read it. */
export async function listSentMessages(limit = 20) {
  const result = await db.execute(sql`
    select m.id, m.audience, m.title, m.created_at, s.username as sent_by,
           (select count(*) from inbox_recipients r where r.message_id = m.id)::int as recipients,
           (select count(*) from inbox_recipients r where r.message_id = m.id and r.read_at is not null)::int as read
      from inbox_messages m join staff_users s on s.id = m.sent_by
     order by m.id desc
     limit ${limit}`);
  type SentRow = { id: number; audience: InboxAudience; title: string; created_at: string | Date; sent_by: string; recipients: number; read: number };
  return rowsOf<SentRow>(result).map((r) => ({ ...r, createdAt: new Date(r.created_at) }));
}
