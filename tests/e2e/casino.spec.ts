// The casino end to end: a guest picks a featured game, logs in and comes back to it, plays Dice inside the game
// frame through the seamless wallet, sees the balance change, and finds the round in the betting record.
import { expect, test } from "./support/test.ts";
import { createTestPlayer, fillLogin } from "./support/players.ts";
import { rollDice } from "./support/casino-games.ts";

const DICE = "HOUSE-ARCADE-DICE";

test("a guest is sent to log in from a featured game, comes back to it and plays Dice @key", async ({ page, javaScriptEnabled }) => {
  test.slow(); // took more than half the default minute on a loaded machine
  const player = await createTestPlayer(page); // signed up, not logged in

  await page.goto("/");
  await page.locator(`[data-testid=game-tile][data-code=${DICE}] a`).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await fillLogin(page, player.username, player.password);
  // Back at the game's launch page (with JavaScript it may already have moved on to the running game).
  await expect(page).toHaveURL(new RegExp(`/gamerun\\?(code=${DICE}|launch=)`));

  // With JavaScript the launch starts by itself; without it the player presses Play.
  if (!javaScriptEnabled) await page.getByTestId("launch-play").click();
  const frame = page.frameLocator("[data-testid=game-iframe]");
  await expect(page.getByTestId("game-frame")).toBeVisible();
  await expect(page).toHaveURL(/\/gamerun\?launch=/);
  await expect(page.getByTestId("game-frame").getByRole("heading")).toHaveText("Dice");

  // The demo starting balance, then one roll of ৳10 through the seamless wallet.
  await expect(frame.getByTestId("house-balance")).toHaveText("৳10,000.00");
  await rollDice(frame, "10");
  await expect(frame.getByTestId("house-balance")).not.toHaveText("৳10,000.00");
  // Inside the frame the game stands alone: no site header or menus.
  await expect(frame.getByTestId("mobile-header")).toBeHidden();

  await page.getByTestId("gamerun-close").click();
  await page.goto("/betting-record");
  await expect(page.getByText("DeshPlay Originals").filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByTestId("no-data")).toHaveCount(0);
});

test("the real server answers malformed bodies and queries to casino pages with a 4xx", async ({ request }) => {
  const json = await request.post("/house/dice", { headers: { "content-type": "application/json" }, data: "{}" });
  expect(json.status()).toBe(415);
  const multipart = await request.post("/fair", { headers: { "content-type": "multipart/form-data; boundary=x" }, data: "garbage" });
  expect(multipart.status()).toBe(400);
  const nul = await request.post("/gamerun", { form: { code: "HOUSE-ARCADE-DICE\u0000" } });
  expect(nul.status()).toBe(400);
  expect((await request.get("/games?q=%00")).status()).toBe(400);
});
