// The casino's game frame for the browser tests: launching a game at /gamerun and reading the taka amounts the
// in-house games show ("৳10,000.00").
import { expect, type FrameLocator, type Page } from "@playwright/test";

/**
 * Opens a game the way a player does: /gamerun?code=… starts a one-time launch (by itself with JavaScript, with the
 * Play button without it) and the running game shows in the frame.
 */
export async function openGame(page: Page, code: string, javaScriptEnabled: boolean): Promise<FrameLocator> {
  await page.goto(`/gamerun?code=${code}`);
  if (!javaScriptEnabled) await page.getByTestId("launch-play").click();
  await expect(page).toHaveURL(/\/gamerun\?launch=/);
  await expect(page.getByTestId("game-frame")).toBeVisible();
  return page.frameLocator("[data-testid=game-iframe]");
}

/** One Dice roll in the game frame: `stake` taka under 50 (an even chance), waited for until its result shows. */
export async function rollDice(frame: FrameLocator, stake: string) {
  await frame.getByLabel("Stake (৳)").fill(stake);
  await frame.getByLabel("Target (0.02 – 99.98)").first().fill("50");
  await frame.getByLabel("Under the target").check();
  await frame.getByRole("button", { name: "Roll" }).click();
  await expect(frame.getByTestId("dice-result")).toBeVisible();
}

/** "৳10,000.00", "1,234.56" or "-5.00" -> poisha (a whole number). Fails on anything else. */
export function poishaOf(text: string): number {
  const m = /([-−]?)৳?([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no taka amount in ${JSON.stringify(text)}`);
  const value = Number(m[2]!.replaceAll(",", "")) * 100 + Number(m[3]);
  return m[1] ? -value : value;
}

/** Poisha -> "৳1,234.56", as the pages write it. */
export function takaText(poisha: number): string {
  const whole = String(Math.floor(Math.abs(poisha) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${poisha < 0 ? "−" : ""}৳${whole}.${String(Math.abs(poisha) % 100).padStart(2, "0")}`;
}

/** "1.05" or "1,234.56" (a multiplier as the pages write it) -> hundredths (105, 123456). */
export function hundredthsOf(text: string): number {
  return poishaOf(text);
}
