// Self-exclusion: a new player excludes themselves for a year, is logged out on every device at once, and the
// log-in form then refuses them with until when. Also without JavaScript (@key).
import { expect, test, guardContext } from "./support/test.ts";
import { createTestPlayer, fillLogin, logIn } from "./support/players.ts";

test("a new player excludes themselves and then cannot log in @key", async ({ page, browser, baseURL }) => {
  // Sign-up and two log-ins (argon2) before the flow itself.
  test.slow();
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  // A second device, logged in too.
  const other = await browser.newContext({ baseURL });
  guardContext(other);
  const otherPage = await other.newPage();
  await logIn(otherPage, player.username);

  await page.goto("/account/responsible-gaming/self-exclusion");
  const form = page.getByTestId("self-exclusion-page");
  await expect(form.getByRole("heading", { name: "Self-exclusion" })).toBeVisible();
  await expect(page.getByTestId("exclusion-effects")).toContainText("logged out on every device");
  await expect(page.getByTestId("exclusion-effects")).toContainText("payout queue");

  // Without the box ticked nothing starts: the message is next to it.
  await form.getByLabel(/^1 year/).check();
  await form.getByLabel("Your password").fill(player.password);
  await form.getByRole("button", { name: "Exclude me now" }).click();
  await expect(form).toContainText("Tick the box to confirm.");

  await form.getByLabel(/^1 year/).check();
  await form.getByLabel("Your password").fill(player.password);
  await form.getByRole("checkbox", { name: /cannot be undone early/ }).check();
  await form.getByRole("button", { name: "Exclude me now" }).click();

  await expect(page).toHaveURL(/\/login\?notice=self_exclusion$/);
  await expect(page.getByTestId("login-notice")).toContainText("Your self-exclusion has started.");

  // The other device is logged out at once: a login-gated page sends it to log in. Its open page may itself be
  // leaving for / as its live stream learns the session ended, which interrupts a navigation started meanwhile.
  await expect(async () => {
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await other.close();

  await fillLogin(page, player.username, player.password);
  await expect(page.getByRole("alert").first()).toHaveText(
    /^You have excluded yourself until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Dhaka time\)\. You cannot log in before then\.$/,
  );
  await expect(page).toHaveURL(/\/login/);
});
