// The in-house games show a stake limit's refusal to the player, like a low balance (house.errors.limit_exceeded), and
// the game's max win per bet.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { games } from "#app/modules/games/schema.ts";
import { DICE_CODE } from "#app/modules/games/house/dice/game.ts";
import { ensureHouseGames, fundedPlayer } from "#app/modules/games/house/test-helpers.ts";
import { closeIdleConnections } from "#app/modules/payments/test-helpers.ts";
import { changeLimit } from "#app/modules/protection/limits.server.ts";
import { callRoute as call, sessionFor } from "#tests/support/route-call.ts";
import * as dice from "./house-dice.tsx";

beforeAll(ensureHouseGames);
afterAll(closeIdleConnections);

describe("/house/dice under a stake limit", () => {
  it("takes a bet that fits and refuses the next one with the limit's message", async () => {
    const player = await fundedPlayer(1_000_000n);
    await changeLimit(player.id, { kind: "stake", period: "day" }, 1_500n);
    const { cookie } = await sessionFor(player);
    const first = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "50", direction: "under" } });
    expect(first.status).toBe(200);
    const refused = await call(dice, "/house/dice", { cookie, form: { stake: "10", target: "50", direction: "under" } });
    expect(refused.status).toBe(400);
    const answer = refused.data as { result: { error: Record<string, string[]> }; areas: { area: string }[] };
    // The refusal is worded in the limits' area, which the Dice page does not load: the answer brings it along.
    expect(answer.areas.map((a) => a.area)).toContain("protectionLimits");
    const errors = answer.result.error[""]?.map(inEnglish);
    expect(errors).toEqual([
      expect.stringMatching(
        /^This would go over your 24-hour stake limit of ৳15: ৳5 left\. Enough of it frees up for this amount at \d{4}-\d\d-\d\d \d\d:\d\d \(Dhaka time\)\.$/,
      ),
    ]);
  });
});

describe("/house/dice under the game's max win (issue 30)", () => {
  it("shows the max win and pays a win held to it, saying so", async () => {
    await db.update(games).set({ maxWin: 10_050n }).where(eq(games.code, DICE_CODE));
    try {
      const player = await fundedPlayer(1_000_000n);
      const { cookie } = await sessionFor(player);
      const page = await call(dice, "/house/dice", { cookie });
      expect((page.data as { game: unknown }).game).toMatchObject({ maxWin: "৳100.50", maxWinPoisha: "10050" });
      for (let i = 0; i < 20; i++) {
        const out = await call(dice, "/house/dice", { cookie, form: { stake: "100", target: "98", direction: "under" } });
        const outcome = (out.data as { outcome: { win: boolean; capped: boolean; payout: string } }).outcome;
        if (!outcome.win) continue;
        expect(outcome).toMatchObject({ capped: true, payout: "৳100.50" });
        return;
      }
      throw new Error("no win in 20 rolls at 98%");
    } finally {
      await db.update(games).set({ maxWin: 100_000_000n }).where(eq(games.code, DICE_CODE));
    }
  });
});
