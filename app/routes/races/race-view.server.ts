// The /races page's view of the races module's data: amounts as taka text, times in Dhaka, words in the page's language.
import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { addDays, formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import type { RaceView } from "#app/modules/races/index.server.ts";

type T = (key: MessageKey, params?: MessageParams) => string;
const money = (p: bigint) => takaText(p, { symbol: false, decimals: "trim" });

/** "2 d 5 h", "3 h 12 min", "7 min": the time left, in whole minutes. */
export function durationText(t: T, ms: number) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return t("races.duration.days", { d, h });
  if (h > 0) return t("races.duration.hours", { h, m });
  return t("races.duration.minutes", { m });
}

const periodText = (t: T, kind: "daily" | "weekly", start: string) =>
  kind === "daily" ? t("races.periodOf.daily", { start }) : t("races.periodOf.weekly", { start, end: addDays(start, 6) });

export function raceView(r: RaceView, t: T, locale: string, now: Date) {
  const products = r.products.map((p) => t(`races.products.${p}` as MessageKey)).join(", ");
  const terms = r.terms;
  return {
    id: r.id,
    name: locale === "bn" && r.nameBn ? r.nameBn : r.name,
    kind: t(`races.period.${r.period}` as MessageKey),
    periodStart: r.periodStart,
    period: periodText(t, r.period, r.periodStart),
    endsAt: r.endsAt.toISOString(),
    endsAtText: t("races.endsAt", { at: formatDhakaDateTime(r.endsAt) }),
    timeLeft: t("races.endsIn", { time: durationText(t, r.endsAt.getTime() - now.getTime()) }),
    counts: r.minStake > 0n ? t("races.counts", { products, min: money(r.minStake) }) : t("races.countsAny", { products }),
    prizes: terms ? terms.prizes.map((p, i) => ({ rank: i + 1, amount: money(p) })) : [],
    wallet: !terms
      ? null
      : terms.wallet === "main"
        ? t("races.wallet.main")
        : terms.turnoverMultiplier > 0
          ? t("races.wallet.bonus", { count: terms.turnoverMultiplier })
          : t("races.wallet.bonusFree"),
    next: r.next ? t("races.nextPrizes", { from: r.next.fromPeriod }) : null,
    top: r.top.map((s) => ({ rank: s.rank, name: s.name, wagered: money(s.wagered) })),
    mine: r.mine ? t("races.yourRank", { rank: r.mine.rank, wagered: money(r.mine.wagered), count: r.mine.bets }) : null,
    past: r.past.map((p) => ({
      period: periodText(t, r.period, p.periodStart),
      winners: p.winners.map((w) => ({ rank: w.rank, name: w.name, amount: money(w.amount) })),
    })),
  };
}

export type RacePageView = ReturnType<typeof raceView>;
