// The back office's player list: filters, sorting and pages over every player, and the same filter as a CSV export
// (keyset paging by id, read from the replica when there is one). Balances, VIP experience, risk signals and tags come
// from their modules as SQL pieces (their front doors), so this is one statement that PostgreSQL plans as a whole.
import { type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { dhakaDayBounds } from "#app/kernel/dhaka-time.ts";
import { playerWalletBalancesSql } from "#app/modules/ledger/index.server.ts";
import { playerTextMatchSql } from "#app/modules/players/index.server.ts";
import { hasOpenSignalSql } from "#app/modules/risk/index.server.ts";
import { jurisdictionOf } from "#app/modules/settings/index.ts";
import { hasTagSql } from "#app/modules/staff/index.server.ts";
import { levelFor, listLevels, playerExperienceSql } from "#app/modules/vip/index.server.ts";
import { PLAYER_PAGE_SIZE, type PlayerListQuery } from "./player-list.ts";

export { playerListInput, playerListSchema } from "./player-list.ts";

const DAY_MS = 86_400_000;

export type PlayerListRow = {
  id: number;
  username: string;
  name: string;
  phone: string;
  email: string;
  status: "active" | "blocked";
  currency: string;
  callingCode: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** Available main balance, poisha. */
  balance: bigint;
  /** VIP experience, cvp. */
  experience: bigint;
  vipLevel: string | null;
  openSignal: boolean;
};

type Raw = Omit<PlayerListRow, "balance" | "experience" | "createdAt" | "lastLoginAt" | "vipLevel"> & {
  balance: string;
  experience: string;
  createdAt: string | Date;
  lastLoginAt: string | Date | null;
};

const p = {
  id: sql`p.id`,
  currency: sql`p.currency`,
};
// Built on first use: this file loads inside an import cycle (payments -> profile), before those entries finish.
const balanceSql = () => sql`coalesce(bal.available, 0)`;
/** players p with their main balance (bal), for every statement of the list. */
const fromPlayers = () => sql`players p left join ${playerWalletBalancesSql("main")} bal on bal.player_id = p.id and bal.currency = p.currency`;
const experienceSql = () => playerExperienceSql(p.id);

const isIdSearch = (q: string) => /^#\d{1,10}$/.test(q);
const isShortDigits = (q: string) => /^\d{1,2}$/.test(q);
const isTextSearch = ({ q }: PlayerListQuery) => q !== undefined && q !== "" && !isIdSearch(q) && !isShortDigits(q);

/** The filter's WHERE conditions; null when the filter names a VIP level that does not exist (no player matches). */
async function conditions(f: PlayerListQuery, now: Date, ex: Executor): Promise<SQL[] | null> {
  const where: SQL[] = [];
  if (f.q && isIdSearch(f.q)) {
    // "#42": that player only.
    where.push(sql`p.id = ${Math.min(Number(f.q.slice(1)), 2_147_483_647)}`);
  } else if (f.q && isShortDigits(f.q)) {
    // One or two digits are too short for the trigram indexes (a contains-search would read every player): the id only.
    where.push(sql`p.id = ${Number(f.q)}`);
  } else if (f.q) {
    // Contains-search on username, e-mail and phone through their trigram index (players module), ids by the key.
    const id = /^\d{1,9}$/.test(f.q) ? Number(f.q) : null;
    const text = playerTextMatchSql(f.q, { username: sql`p.username`, email: sql`p.email`, phone: sql`p.phone` });
    where.push(id ? sql`(${text} or p.id = ${id})` : text);
  }
  if (f.status) where.push(sql`p.status = ${f.status}`);
  if (f.from) where.push(sql`p.created_at >= ${dhakaDayBounds(f.from).start.toISOString()}::timestamptz`);
  if (f.to) where.push(sql`p.created_at < ${dhakaDayBounds(f.to).end.toISOString()}::timestamptz`);
  if (f.active) where.push(sql`p.last_login_at >= ${new Date(now.getTime() - Number(f.active) * DAY_MS).toISOString()}::timestamptz`);
  if (f.idle)
    where.push(sql`(p.last_login_at is null or p.last_login_at < ${new Date(now.getTime() - Number(f.idle) * DAY_MS).toISOString()}::timestamptz)`);
  if (f.min !== undefined) where.push(sql`${balanceSql()} >= ${f.min.toString()}::bigint`);
  if (f.max !== undefined) where.push(sql`${balanceSql()} <= ${f.max.toString()}::bigint`);
  if (f.country) {
    const { currency, callingCode } = jurisdictionOf(f.country);
    where.push(sql`p.currency = ${currency} and p.calling_code = ${callingCode}`);
  }
  if (f.risk === "open") where.push(hasOpenSignalSql(p.id));
  if (f.tag) where.push(hasTagSql(p.id, f.tag));
  if (f.vip) {
    const levels = await listLevels(ex);
    const i = levels.findIndex((l) => l.id === f.vip);
    if (i < 0) return null;
    // A player is at the highest level whose experience they reached: from this level's threshold to the next higher one.
    const floor = levels[i]!.experience * 100n;
    const next = levels.slice(i + 1).find((l) => l.experience > levels[i]!.experience);
    where.push(sql`${experienceSql()} >= ${floor.toString()}::bigint`);
    if (next) where.push(sql`${experienceSql()} < ${(next.experience * 100n).toString()}::bigint`);
  }
  return where;
}

const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/**
 * A sort key the planner cannot read from an index. With a text search the matches must come from the trigram index
 * and then be sorted: walking the sort column's index and filtering looks cheaper whenever the planner's sample
 * happens to over-estimate the matches, and then reads every player for a rare name (seen in CI). The count beside
 * the page reads all matches anyway, so sorting them costs no more than that.
 */
const unindexed = (key: SQL, search: boolean, zero: SQL) => (search ? sql`(${key} + ${zero})` : key);

function orderOf(f: PlayerListQuery): SQL {
  const dir = f.dir === "asc" ? sql`asc` : sql`desc`;
  const nulls = f.dir === "asc" ? sql`nulls first` : sql`nulls last`;
  const search = isTextSearch(f);
  const id = unindexed(sql`p.id`, search, sql`0`);
  switch (f.sort) {
    case "active":
      return sql`${unindexed(sql`p.last_login_at`, search, sql`interval '0 s'`)} ${dir} ${nulls}, ${id} ${dir}`;
    case "balance":
      return sql`${balanceSql()} ${dir}, p.id ${dir}`;
    case "username":
      return sql`${search ? sql`(lower(p.username) || '')` : sql`lower(p.username)`} ${dir}, ${id} ${dir}`;
    default:
      return sql`${unindexed(sql`p.created_at`, search, sql`interval '0 s'`)} ${dir}, ${id} ${dir}`;
  }
}

const columns = () => sql`p.id, p.username, p.name, p.phone, p.email, p.status, p.currency, p.calling_code as "callingCode",
  p.created_at as "createdAt", p.last_login_at as "lastLoginAt", ${balanceSql()}::text as balance, ${experienceSql()}::text as experience,
  ${hasOpenSignalSql(p.id)} as "openSignal"`;

async function toRows(raw: Raw[], ex: Executor): Promise<PlayerListRow[]> {
  const levels = raw.length ? await listLevels(ex) : [];
  return raw.map((r) => {
    const experience = BigInt(r.experience);
    return {
      ...r,
      id: Number(r.id),
      balance: BigInt(r.balance),
      experience,
      createdAt: new Date(r.createdAt),
      lastLoginAt: r.lastLoginAt === null ? null : new Date(r.lastLoginAt),
      vipLevel: levelFor(levels, experience).level?.name ?? null,
    };
  });
}

export type PlayerListPage = { rows: PlayerListRow[]; total: number; page: number; pages: number };

/** One page of the filtered, sorted list (50 a page) and the number of players the filter matches. */
export async function listPlayers(f: PlayerListQuery, now: Date = new Date(), ex: Executor = db): Promise<PlayerListPage> {
  const where = await conditions(f, now, ex);
  if (!where) return { rows: [], total: 0, page: 1, pages: 1 };
  const [count] = rowsOf<{ n: string }>(await ex.execute(sql`select count(*)::text as n from ${fromPlayers()} ${whereOf(where)}`));
  const total = Number(count?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / PLAYER_PAGE_SIZE));
  const page = Math.min(f.page ?? 1, pages);
  const raw = rowsOf<Raw>(
    await ex.execute(sql`
      select ${columns()} from ${fromPlayers()} ${whereOf(where)}
      order by ${orderOf(f)}
      limit ${PLAYER_PAGE_SIZE} offset ${(page - 1) * PLAYER_PAGE_SIZE}`),
  );
  return { rows: await toRows(raw, ex), total, page, pages };
}

/**
 * The filtered list for a CSV export, in id order, one keyset page at a time (`after` = the last id read): memory
 * stays flat however many players match. Pass readDb.
 */
export async function playerExportPage(f: PlayerListQuery, after: number | undefined, limit: number, ex: Executor, now: Date = new Date()) {
  const where = await conditions(f, now, ex);
  if (!where) return [];
  if (after !== undefined) where.push(sql`p.id > ${after}`);
  const raw = rowsOf<Raw>(
    await ex.execute(
      sql`select ${columns()} from ${fromPlayers()} ${whereOf(where)} order by ${unindexed(sql`p.id`, isTextSearch(f), sql`0`)} limit ${limit}`,
    ),
  );
  return toRows(raw, ex);
}

/** The SQL the list runs for a filter (for EXPLAIN in tests and the README's figures). */
export async function playerListSql(f: PlayerListQuery, now: Date = new Date(), ex: Executor = db): Promise<SQL> {
  const where = (await conditions(f, now, ex)) ?? [sql`false`];
  return sql`select ${columns()} from ${fromPlayers()} ${whereOf(where)} order by ${orderOf(f)} limit ${PLAYER_PAGE_SIZE}`;
}
