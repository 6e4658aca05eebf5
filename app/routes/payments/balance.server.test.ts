// One balance, one meaning: the header (and /gamerun's top bar, which shows the same figures) gives the Main Wallet a
// player can use now and, whenever it holds money, the Bonus Wallet, so the two add up to what a game shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { fundedPlayer } from "#app/modules/games/wallet/test-helpers.ts";
import { closeIdleConnections, createSite } from "#app/modules/payments/test-helpers.ts";
import { headerBalance } from "./balance.server.ts";

beforeAll(async () => {
  await createSite({ promotionWallet: false });
  clearSiteConfigCache();
});
afterAll(closeIdleConnections);

describe("headerBalance", () => {
  it("shows the Bonus Wallet beside the Main Wallet when it holds money, even with the promotion wallet off", async () => {
    const withBonus = await fundedPlayer(1_327_270n, { bonus: 100_000n });
    expect(await headerBalance(withBonus)).toEqual({ main: "13,272.70", bonus: "1,000.00" });
    expect(await headerBalance(withBonus, false)).toEqual({ main: "13,272.70", bonus: "1,000.00" });
  });

  it("leaves an empty Bonus Wallet out unless the promotion wallet is on", async () => {
    const mainOnly = await fundedPlayer(50_000n);
    expect(await headerBalance(mainOnly)).toEqual({ main: "500.00", bonus: null });
    expect(await headerBalance(mainOnly, true)).toEqual({ main: "500.00", bonus: "0.00" });
  });
});
