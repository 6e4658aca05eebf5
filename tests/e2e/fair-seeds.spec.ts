// Provably fair seeds as a player checks them: /fair shows the next server seed's hash before any client seed is
// chosen; choosing one makes exactly that seed active; a Dice roll under the pair, once the pair is rotated, is
// recomputed by the verifier (published formulas, version 2) from the revealed seed the Verify link fills in.
import { createHash } from "node:crypto";
import { expect, test } from "./support/test.ts";
import { openGame } from "./support/casino-games.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

test("the server seed is committed before the client seed is chosen, and a roll verifies after rotation @key", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow();
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/fair");
  const committed = (await page.getByTestId("fair-next-hash").textContent())!.trim();
  expect(committed).toMatch(/^[0-9a-f]{64}$/);

  await page.getByLabel("New client seed").fill("my own seed 42");
  await page.getByRole("button", { name: "Change client seed" }).click();
  await expect(page.getByTestId("fair-client-seed")).toHaveText("my own seed 42");
  await expect(page.getByTestId("fair-active-hash")).toHaveText(committed);
  await expect(page.getByTestId("fair-next-hash")).not.toHaveText(committed);

  const frame = await openGame(page, "HOUSE-ARCADE-DICE", javaScriptEnabled);
  await expect(frame.getByTestId("seed-hash")).toHaveText(committed);
  await frame.getByLabel("Stake (৳)").fill("10");
  await frame.getByLabel("Target (0.02 – 99.98)").first().fill("50");
  await frame.getByRole("button", { name: "Roll" }).click();
  const rolled = /Rolled (\d+\.\d{2})/.exec((await frame.getByTestId("dice-result").textContent())!)![1]!;

  await page.goto("/fair");
  await page.getByTestId("fair-rotate").click();
  const revealed = page.getByTestId("fair-revealed").locator("li").first();
  await expect(revealed).toContainText("my own seed 42");
  const seed = /[0-9a-f]{64}/.exec((await revealed.locator("p").first().textContent())!)![0];
  expect(sha256(seed)).toBe(committed);
  await revealed.getByTestId("verify-seed").click();
  await expect(page).toHaveURL(/\/fair\?game=dice&serverSeed=[0-9a-f]{64}&clientSeed=my\+own\+seed\+42&nonce=0&algorithm=2/);
  await expect(page.getByLabel("Algorithm")).toHaveValue("2");
  await expect(page.getByTestId("verify-roll")).toHaveText(`Roll: ${rolled}`);
});
