import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { closeIdleConnections } from "#app/modules/ledger/test-helpers.ts";
import { ensureEvent } from "./events.server.ts";
import { marketView } from "./queries.server.ts";
import { exchangeEvents, exchangeMarkets } from "./schema.ts";

afterAll(closeIdleConnections);

describe("events from a feed", () => {
  it("creates the event with match odds, Bookmaker and Fancy markets once per external id", async () => {
    const spec = {
      externalId: `sim:${randomBytes(6).toString("hex")}`,
      sport: "cricket" as const,
      competition: "Bangladesh Premier League",
      name: "Dhaka v Sylhet",
      startsAt: new Date(Date.now() + 7_200_000),
      runners: ["Dhaka", "Sylhet"],
      bookmaker: { backRates: [80, 110], layRates: [84, 115] },
      fancy: [{ name: "6 over runs Dhaka", noLine: 48, yesLine: 49, noRate: 100, yesRate: 100 }],
    };
    const first = await ensureEvent(spec);
    const again = await ensureEvent({ ...spec, name: "renamed" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ eventId: first.eventId, created: false });
    const markets = await db.select().from(exchangeMarkets).where(eq(exchangeMarkets.eventId, first.eventId));
    expect(markets.map((m) => [m.kind, m.commissionBp]).sort()).toEqual([
      ["bookmaker", 0],
      ["fancy", 0],
      ["match_odds", 200],
    ]);
    const view = await marketView(markets.find((m) => m.kind === "match_odds")!.id);
    expect(view!.bookmaker[0]!.runners.map((r) => [r.name, r.backRate, r.layRate])).toEqual([
      ["Dhaka", 80, 84],
      ["Sylhet", 110, 115],
    ]);
    expect(view!.fancy.map((f) => f.name)).toEqual(["6 over runs Dhaka"]);
    const [event] = await db.select().from(exchangeEvents).where(eq(exchangeEvents.id, first.eventId));
    expect(event?.name).toBe("Dhaka v Sylhet");
  });
});
