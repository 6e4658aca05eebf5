// The race payout job: pays each ended race period once. A period is due when its end (Dhaka) plus the settle margin
// has passed. It is paid in one transaction that first claims it (insert into race_payouts, unique per race and
// period: a second runner, on this instance or another, waits on that row and then finds it taken), then pays each
// prize as one ledger transfer from expense:races with the key race:<race>:<period>:<rank>, writes the winners and
// their inbox notices, and commits. A crash or a restart mid-way rolls all of it back, and the next pass pays it whole.
// Winners: the standings' order among players who may be paid at that moment (account active, no time-out,
// self-exclusion or closure, currency BDT); a player left out passes the rank to the next.
import { sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { publishBalanceChanged, publish } from "#app/modules/events/index.server.ts";
import { notifyInbox, postSystemMessage } from "#app/modules/inbox/index.server.ts";
import { transfer } from "#app/modules/ledger/index.server.ts";
import { excludedAt } from "#app/modules/protection/index.server.ts";
import { createRequirement } from "#app/modules/turnover/index.server.ts";
import { periodBounds, periodLabel } from "./periods.ts";
import { prizeTermsFor } from "./races.server.ts";
import { racePayouts, racePrizes, type RacePeriodKind } from "./schema.ts";

/** Settlements commit shortly after the period ends (a round settled at 23:59:59): they are waited for. */
export const RACE_SETTLE_MS = 60_000;
/** The house account race prizes are paid from (a marketing expense, apart from promotions' expense:bonus). */
export const RACE_EXPENSE = "expense:races";

export type PaidPeriod = { raceId: number; periodStart: string; winners: Array<{ rank: number; playerId: number; amount: bigint }> };

/** The periods with standings that ended before `now - settleMs` and are not paid yet, oldest first. */
async function duePeriods(now: Date, settleMs: number) {
  const rows = rowsOf<{ race_id: number; period_start: string; period: RacePeriodKind; name: string; name_bn: string }>(
    await db.execute(sql`
      select distinct e.race_id, to_char(e.period_start, 'YYYY-MM-DD') as period_start, r.period, r.name, r.name_bn
        from race_entries e join races r on r.id = e.race_id
       where e.period_start <= ${now.toISOString().slice(0, 10)}::date
         and not exists (select 1 from race_payouts x where x.race_id = e.race_id and x.period_start = e.period_start)
       order by 2, 1`),
  );
  const until = now.getTime() - settleMs;
  return rows.filter((r) => periodBounds(r.period, r.period_start).end.getTime() <= until);
}

/** Pays one period if no one has (null when another runner did or is doing it). */
async function payPeriod(p: Awaited<ReturnType<typeof duePeriods>>[number], now: Date): Promise<PaidPeriod | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(racePayouts)
      .values({ raceId: p.race_id, periodStart: p.period_start, winners: 0, total: 0n, paidAt: now })
      .onConflictDoNothing()
      .returning({ raceId: racePayouts.raceId });
    if (claimed.length === 0) return null;
    const terms = await prizeTermsFor(p.race_id, p.period_start, tx);
    const prizes = terms?.prizes ?? [];
    // Exclusions are judged at this transaction's own time: a JavaScript Date drops the microseconds, so an exclusion
    // that began in the same millisecond would read as not begun yet.
    const eligible = prizes.length
      ? rowsOf<{ player_id: number; wagered: string }>(
          await tx.execute(sql`
            select re.player_id, re.wagered::text as wagered
              from race_entries re join players p on p.id = re.player_id
             where re.race_id = ${p.race_id} and re.period_start = ${p.period_start}::date and re.wagered > 0
               and p.status = 'active' and p.currency = 'BDT' and not ${excludedAt(sql`re.player_id`, sql`now()`)}
             order by re.wagered desc, re.reached_at asc, re.player_id asc
             limit ${prizes.length}`),
        )
      : [];
    const winners: PaidPeriod["winners"] = [];
    let total = 0n;
    const periodText = periodLabel(p.period, p.period_start);
    for (const [i, row] of eligible.entries()) {
      const rank = i + 1;
      const amount = prizes[i]!;
      const playerId = Number(row.player_id);
      const wallet = terms!.wallet;
      await transfer(
        {
          key: `race:${p.race_id}:${p.period_start}:${rank}`,
          debit: RACE_EXPENSE,
          credit: `player:${playerId}:${wallet}`,
          amount,
          currency: "BDT",
          kind: "race_prize",
          memo: `Race ${p.race_id} ${p.period_start} rank ${rank}`,
          meta: { raceId: p.race_id, periodStart: p.period_start, rank },
        },
        tx,
      );
      if (wallet === "bonus") {
        await createRequirement(tx, {
          playerId,
          depositId: null,
          promotionId: null,
          required: amount * BigInt(terms!.turnoverMultiplier),
          bonusAmount: amount,
          bonusWallet: "bonus",
        });
      }
      await tx
        .insert(racePrizes)
        .values({ raceId: p.race_id, periodStart: p.period_start, rank, playerId, wagered: BigInt(row.wagered), amount, wallet });
      await postSystemMessage(tx, playerId, wallet === "bonus" ? "racePrizeBonus" : "racePrizeMain", {
        race: p.name,
        raceBn: p.name_bn || p.name,
        rank: String(rank),
        period: periodText,
        amount: takaText(amount, { symbol: false, decimals: "trim" }),
      });
      winners.push({ rank, playerId, amount });
      total += amount;
    }
    await tx.execute(
      sql`update race_payouts set winners = ${winners.length}, total = ${String(total)}::bigint where race_id = ${p.race_id} and period_start = ${p.period_start}::date`,
    );
    return { raceId: p.race_id, periodStart: p.period_start, winners };
  });
}

/** One pass: pays every due period (each in its own transaction). `now`/`settleMs` are for tests. */
export async function runRacePayouts({ now = new Date(), settleMs = RACE_SETTLE_MS } = {}): Promise<PaidPeriod[]> {
  const paid: PaidPeriod[] = [];
  for (const due of await duePeriods(now, settleMs)) {
    const done = await payPeriod(due, now);
    if (!done) continue;
    paid.push(done);
    await Promise.all([
      ...done.winners.flatMap((w) => [publishBalanceChanged(w.playerId), notifyInbox(w.playerId)]),
      publish({ kind: "race", raceId: done.raceId }),
    ]);
  }
  return paid;
}

const log = rootLog.child({ module: "races" });
const JOB_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | undefined;
let running = false;

/** Started with the server; every instance may run it (a period is claimed by one transaction, paid once). */
export function startRacePayouts() {
  if (timer) return;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runRacePayouts();
    } catch (e) {
      log.error({ err: e }, "the race payout job failed; it retries shortly");
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void run(), JOB_INTERVAL_MS);
  timer.unref();
  void run();
}
