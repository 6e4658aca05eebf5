// The back office's reports over a Dhaka-day period, from the daily tables only (today's as of the job's last pass,
// as the dashboard reads them), through readDb: the replica when DATABASE_REPLICA_URL is set. A report's cost follows
// the days and dimensions of its period, never the history behind it.
import { sql, type SQL } from "drizzle-orm";
import { readDb } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { addDays, dhakaDayKey } from "#app/kernel/dhaka-time.ts";
import { marketLabelsOf } from "#app/modules/exchange/index.server.ts";
import { gameNamesOf } from "#app/modules/games/index.server.ts";
import { methodNamesOf } from "#app/modules/payments/index.server.ts";
import { promotionNamesOf } from "#app/modules/promotions/index.server.ts";
import { reportRows } from "./figures.server.ts";
import type { Period } from "./range.ts";
import { reportColumns, type ReportKind, type ReportRow, type ReportTable } from "./report-kinds.ts";
import type { ReportName } from "./sources.server.ts";

type Raw = Record<string, unknown>;
const big = (v: unknown) => BigInt(String(v ?? "0"));
/** wins / stakes as a percentage with two decimals; null without stakes. */
const rtp = (wins: bigint, stakes: bigint) => (stakes === 0n ? null : Number((wins * 10_000n) / stakes) / 100);

async function grouped(name: ReportName, period: Period, select: (rows: SQL) => SQL, now: Date): Promise<Raw[]> {
  const today = dhakaDayKey(now);
  const rows = reportRows(name, period, addDays(today, 1), today);
  return rowsOf<Raw>(await readDb.execute(select(sql`(${rows}) r`)));
}

function casinoRow(r: Raw): ReportRow {
  const stakes = big(r.stakes);
  const wins = big(r.wins);
  return { rounds: Number(r.rounds), stakes: String(stakes), wins: String(wins), ggr: String(stakes - wins), rtp: rtp(wins, stakes) };
}

/** The sums of a report's count and money columns, and the percentages recomputed from those sums. */
function totalsOf(kind: ReportKind, rows: ReportRow[]): ReportRow {
  const totals: ReportRow = {};
  for (const c of reportColumns[kind]) {
    if (c.type === "count") totals[c.key] = rows.reduce((s, r) => s + Number(r[c.key] ?? 0), 0);
    if (c.type === "money") totals[c.key] = String(rows.reduce((s, r) => s + big(r[c.key]), 0n));
  }
  if (kind === "games" || kind === "providers") totals.rtp = rtp(big(totals.wins), big(totals.stakes));
  return totals;
}

const builders: Record<ReportKind, (period: Period, lng: string, now: Date) => Promise<ReportRow[]>> = {
  async games(period, _lng, now) {
    const raw = await grouped(
      "casino",
      period,
      (r) => sql`select product, provider, game, sum(rounds)::int as rounds, sum(stakes)::bigint as stakes, sum(wins)::bigint as wins
        from ${r} group by 1, 2, 3 order by sum(stakes) - sum(wins) desc, 2, 3`,
      now,
    );
    const names = await gameNamesOf(raw.map((r) => String(r.game)));
    return raw.map((r) => ({
      product: String(r.product),
      provider: String(r.provider),
      game: String(r.game),
      name: names.get(String(r.game)) ?? null,
      ...casinoRow(r),
    }));
  },
  async providers(period, _lng, now) {
    const raw = await grouped(
      "casino",
      period,
      (r) => sql`select product, provider, count(distinct game)::int as games, sum(rounds)::int as rounds, sum(stakes)::bigint as stakes,
        sum(wins)::bigint as wins from ${r} group by 1, 2 order by sum(stakes) - sum(wins) desc, 2`,
      now,
    );
    return raw.map((r) => ({ product: String(r.product), provider: String(r.provider), games: Number(r.games), ...casinoRow(r) }));
  },
  async exchange(period, _lng, now) {
    const raw = await grouped(
      "exchange",
      period,
      (r) => sql`select market_kind, market_id, sum(matched)::bigint as matched, sum(commission)::bigint as commission,
        sum(house_result)::bigint as house_result from ${r} group by 1, 2 order by sum(matched) desc, 2`,
      now,
    );
    const labels = await marketLabelsOf(raw.map((r) => Number(r.market_id)));
    return raw.map((r) => {
      const label = labels.get(Number(r.market_id));
      return {
        kind: String(r.market_kind),
        marketId: String(r.market_id),
        event: label?.event ?? null,
        market: label?.market ?? null,
        matched: String(big(r.matched)),
        commission: String(big(r.commission)),
        houseResult: String(big(r.house_result)),
      };
    });
  },
  async bonus(period, lng, now) {
    const raw = await grouped(
      "bonus",
      period,
      (r) => sql`select promotion_id, sum(cost)::bigint as cost from ${r} group by 1 order by sum(cost) desc, 1`,
      now,
    );
    const names = await promotionNamesOf(raw.map((r) => Number(r.promotion_id)).filter((id) => id > 0));
    return raw.map((r) => {
      const id = Number(r.promotion_id);
      const name = names.get(id);
      return { promotionId: id > 0 ? String(id) : null, promotion: name ? (lng === "bn" ? name.bn : name.en) : null, cost: String(big(r.cost)) };
    });
  },
  async payments(period, _lng, now) {
    const raw = await grouped(
      "payments",
      period,
      (r) => sql`select kind, method_id, channel, sum(requested_count)::int as requested_count, sum(requested_amount)::bigint as requested_amount,
        sum(paid_count)::int as paid_count, sum(paid_amount)::bigint as paid_amount from ${r} group by 1, 2, 3 order by 1, sum(paid_amount) desc, 2, 3`,
      now,
    );
    const names = await methodNamesOf(raw.map((r) => Number(r.method_id)));
    return raw.map((r) => ({
      kind: String(r.kind),
      method: names.get(Number(r.method_id)) ?? String(r.method_id),
      channel: String(r.channel) || null,
      requestedCount: Number(r.requested_count),
      requestedAmount: String(big(r.requested_amount)),
      paidCount: Number(r.paid_count),
      paidAmount: String(big(r.paid_amount)),
    }));
  },
};

/** One report over a period: its rows (largest first) and the totals of the rows. `lng` picks promotion names. */
export async function report(
  kind: ReportKind,
  period: Period,
  { lng = "en", now = new Date() }: { lng?: string; now?: Date } = {},
): Promise<ReportTable> {
  const rows = await builders[kind](period, lng, now);
  return { kind, columns: reportColumns[kind], rows, totals: totalsOf(kind, rows) };
}
