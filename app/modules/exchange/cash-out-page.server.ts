// The Cash Out page's data (/exchange-cashout/:marketId): the player's own quote only (their id is the session's),
// as text the page shows, and the figures its confirm form carries back (cash-out.server.ts checks them).
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { autoCashOutOf } from "./auto-cash-out.server.ts";
import { quoteCashOut } from "./cash-out.server.ts";
import { encodeBook, type HedgeOrder } from "./cash-out.ts";
import { oddsText } from "./ladder.ts";
import { exchangeEvents } from "./schema.ts";

const signed = (poisha: bigint) => ({ text: takaText(poisha), negative: poisha < 0n });

export async function cashOutPage(playerId: number, marketId: number, percent: number) {
  const state = await quoteCashOut(db, playerId, marketId, percent);
  const [event] = await db.select({ name: exchangeEvents.name }).from(exchangeEvents).where(eq(exchangeEvents.id, state.eventId));
  const names = new Map(state.runners.map((r) => [r.id, r.name]));
  const q = state.quote;
  const orderText = (orders: HedgeOrder[]) =>
    orders.map((o) => ({
      side: o.side,
      runner: names.get(o.runnerId) ?? "",
      stake: takaText(o.stake, { decimals: "trim" }),
      price: oddsText(o.tick),
      // Spread over several levels: from the best price it takes to its limit (the worst the quote used).
      best: o.fills[0] && o.fills[0].tick !== o.tick ? oddsText(o.fills[0].tick) : null,
    }));
  const auto = await autoCashOutOf(playerId, marketId);
  return {
    marketId,
    eventName: event?.name ?? "",
    marketName: state.marketName,
    closed: state.closed,
    percent,
    quote: q.ok
      ? {
          kind: "ok" as const,
          value: signed(q.value),
          rows: state.runners.map((r) => ({ id: r.id, name: r.name, now: signed(q.before.get(r.id) ?? 0n), after: signed(q.after.get(r.id) ?? 0n) })),
          orders: orderText(q.orders),
          shown: encodeBook(q.after),
        }
      : q.reason === "thin"
        ? { kind: "thin" as const, max: q.maxPercent, fullValue: signed(q.full.value) }
        : { kind: q.reason },
    auto: auto
      ? {
          status: auto.status,
          target: takaText(auto.profitTarget, { decimals: "trim" }),
          loss: auto.lossLimit === null ? null : takaText(auto.lossLimit, { decimals: "trim" }),
        }
      : null,
  };
}
