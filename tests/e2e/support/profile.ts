// The profile page in browser tests: verifying the main phone with the SMS code from the outbox, and the birthday.
import { expect, type Locator, type Page } from "@playwright/test";
import type { TestPlayer } from "./players.ts";
import { waitForMessageTo } from "./server-log.ts";

/** The SMS address the outbox uses for a Bangladeshi number typed as 01XXXXXXXXX. */
export const smsAddress = (phone: string) => `+880${phone.replace(/^0+/, "")}`;

/** Sends a code to the main phone and types it in (read from the server log, where the built-in SMS gateway prints). */
export async function verifyMainPhone(page: Page, player: TestPlayer) {
  await page.goto("/profile");
  await verifyPhoneRow(page, page.getByTestId("phone-main"), player.phone);
}

/** Adds an extra phone on /profile and verifies it with its SMS code. */
export async function addVerifiedExtraPhone(page: Page, phone: string) {
  await page.goto("/profile");
  await page.getByLabel("New phone number").fill(phone);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByTestId("profile-notice")).toHaveText("The phone number was added. Send a code to verify it.");
  await verifyPhoneRow(page, page.locator("[data-testid^=phone-]").filter({ hasText: `+88 ${phone}` }), phone);
}

async function verifyPhoneRow(page: Page, row: Locator, phone: string) {
  await expect(row).toHaveAttribute("data-verified", "false");
  await row.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByTestId("profile-notice")).toHaveText(`A verification code was sent to +88 ${phone}.`);
  // The 300 s countdown: the button is disabled and shows the time left as m:ss.
  const button = row.getByTestId("send-code");
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(/^Resend in [45]:\d{2}$/);
  const message = await waitForMessageTo(smsAddress(phone));
  const code = /\b(\d{6})\b/.exec(message)![1]!;
  await row.getByLabel("Verification code").fill(code);
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("profile-notice")).toHaveText("Your phone number is verified.");
  await expect(row).toHaveAttribute("data-verified", "true");
}

export async function saveBirthday(page: Page, birthday: string) {
  await page.goto("/profile");
  await page.getByLabel("Birthday").fill(birthday);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("profile-notice")).toHaveText("Your birthday was saved.");
  await expect(page.getByTestId("birthday-value")).toHaveText(birthday);
}
