// The in-house games show a stake limit's refusal to the player, like a low balance (house.errors.limit_exceeded).
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
