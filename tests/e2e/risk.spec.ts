// AML signals for staff: two players log in through the form (which sets the device cookie) from one browser (one device cookie), the minute job (every 2 s here)
// raises "device shared by accounts" for both, and staff open and clear a review from the player's risk tab.
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logInWithForm } from "./support/players.ts";

test("staff see a shared-device signal and open and clear a review @key", { tag: "@back-office" }, async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(180_000); // two sign-ups and log-ins, a staff log-in, and the job's next pass (every 2 s here)
  const first = await createTestPlayer(page);
  await logInWithForm(page, first.username, first.password);
  const device = (await page.context().cookies()).find((c) => c.name === "did");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Log the first player out by dropping the session cookie only: the device cookie stays, as on a shared phone.
  await page.context().clearCookies({ name: "sid" });
  const second = await createTestPlayer(page);
  await logInWithForm(page, second.username, second.password);

  const staff = await staffPage(browser, javaScriptEnabled);
  await expect(async () => {
    await staff.goto("/admin/risk?kind=shared_device&status=open");
    await expect(staff.getByTestId("signal").filter({ hasText: first.username }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 90_000 });
  const signal = staff.getByTestId("signal").filter({ has: staff.getByTestId("signal-player").getByText(second.username, { exact: true }) });
  await expect(signal).toContainText("Device shared by accounts");
  await expect(signal.getByTestId("signal-evidence")).toContainText("also used to log in to the other accounts");
  await expect(signal).toContainText(first.username);

  // The player's risk tab: no review yet; a reason is required to open one.
  await signal.getByTestId("signal-player").click();
  await expect(staff).toHaveURL(/\/admin\/players\/\d+\/risk$/);
  await expect(staff.getByTestId("player-tabs")).toBeVisible();
  await expect(staff.getByTestId("review-state")).toHaveAttribute("data-open", "false");
  await staff.getByTestId("review-open-form").getByRole("button", { name: "Open review" }).click();
  await expect(staff.getByTestId("review-open-form")).toContainText("Give a reason.");
  const openForm = staff.getByTestId("review-open-form");
  await openForm.getByLabel("Reason").fill("Two accounts on one phone");
  await openForm.getByRole("button", { name: "Open review" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("Review opened: the player's withdrawals are held.");
  await expect(staff.getByTestId("review-state")).toHaveAttribute("data-open", "true");

  const clearForm = staff.getByTestId("review-clear-form");
  await clearForm.getByLabel("Reason").fill("Siblings sharing a phone; checked");
  await clearForm.getByRole("button", { name: "Clear review" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("Review cleared.");
  await expect(staff.getByTestId("review-state")).toHaveAttribute("data-open", "false");
  const history = staff.getByTestId("review-history");
  await expect(history).toContainText("Two accounts on one phone");
  await expect(history).toContainText("Cleared");
  await expect(history).toContainText("Siblings sharing a phone; checked");
  await staff.context().close();
});
