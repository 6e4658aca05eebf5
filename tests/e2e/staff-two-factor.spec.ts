// Staff two-factor sign-in in the browser: a new staff member turns it on from their account page (QR code and key,
// confirmed with a current code, recovery codes shown once), then signs in in two steps: the password, then a code.
// Between the two no admin page opens. Each project uses a staff member of its own; with JavaScript off too.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { staffPage } from "./support/payments.ts";
import { expect, test } from "./support/test.ts";
import type { Browser, Page } from "@playwright/test";

const PASSWORD = "Two-Factor-Pass-1";

/** The code an authenticator app shows `offsetSeconds` from now. */
function codeFor(secret: string, offsetSeconds = 0) {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

/** A new support member (no second factor required) created by the admin on /admin/staff; their username. */
async function newSupportMember(browser: Browser, javaScriptEnabled: boolean, project: string) {
  const username = `tf${project.replace(/[^a-z]/g, "")}${randomBytes(3).toString("hex")}`;
  const admin = await staffPage(browser, javaScriptEnabled);
  await admin.goto("/admin/staff");
  const create = admin.getByTestId("create-staff");
  await create.getByLabel("Username").fill(username);
  await create.getByLabel("Name", { exact: true }).fill("Two Factor");
  await create.getByLabel("Role").selectOption("support");
  await create.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await create.getByRole("button", { name: "Create account" }).click();
  await expect(admin.getByTestId("admin-notice")).toContainText(username);
  await admin.context().close();
  return username;
}

async function passwordStep(page: Page, username: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}

test(
  "staff turn on two-factor sign-in and then log in with a code; the password alone opens no admin page @key",
  { tag: "@back-office" },
  async ({ page, browser, javaScriptEnabled }, testInfo) => {
    test.slow(); // took more than half the default minute on a loaded machine
    const username = await newSupportMember(browser, javaScriptEnabled, testInfo.project.name);

    // Two-factor off: the password alone signs in, as before.
    await passwordStep(page, username);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/account");
    await expect(page.getByTestId("two-factor-state")).toHaveText(/^Off/);
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code of the two-factor secret" })).toBeVisible();
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code: a message next to the field, and nothing turned on.
    const enable = page.getByTestId("enable-two-factor");
    await enable.getByLabel("Code from the app").fill(codeFor(secret) === "000000" ? "111111" : "000000");
    await enable.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByTestId("enable-two-factor").getByText("That code is not right (or was already used)")).toBeVisible();

    await page.getByTestId("enable-two-factor").getByLabel("Code from the app").fill(codeFor(secret));
    await page.getByTestId("enable-two-factor").getByRole("button", { name: "Confirm and turn on" }).click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await expect(page.getByTestId("two-factor-state")).toHaveText(/^On/);
    await expect(page.getByTestId("two-factor-secret")).toHaveCount(0);

    // Log out, then the password: the code step, and no admin page opens yet.
    await page.getByTestId("admin-logout").click();
    await expect(page).toHaveURL(/\/admin\/login/);
    await passwordStep(page, username);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount$/);
    await expect(page.getByTestId("login-code")).toBeVisible();
    await expect(page.getByTestId("admin-logout")).toHaveCount(0);

    // A wrong code: the message next to the field, still on the code step.
    await page.getByLabel("Code", { exact: true }).fill("12345x");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("login-code").getByText("That code is not right (or was already used)")).toBeVisible();

    // The next step's code (the one used to turn it on cannot be used again), then the page asked for.
    await page.getByLabel("Code", { exact: true }).fill(codeFor(secret, 30));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByTestId("two-factor-state")).toHaveText(/^On/);

    // A recovery code works in place of a code, once.
    await page.getByTestId("admin-logout").click();
    await passwordStep(page, username);
    await page.getByLabel("Code", { exact: true }).fill(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/account");
    await expect(page.getByTestId("two-factor")).toContainText("Recovery codes left: 9");
    await expect(page.getByTestId("own-session").first()).toContainText("This device");
  },
);

test(
  "an admin resets the two-factor sign-in of a member who lost it; the member is logged out, then the password alone signs in",
  { tag: "@back-office" },
  async ({ page, browser, javaScriptEnabled }, testInfo) => {
    // Two staff sign-ins, a set-up and a reset: on a loaded machine more than the default minute.
    test.slow();
    const username = await newSupportMember(browser, javaScriptEnabled, testInfo.project.name);
    await passwordStep(page, username);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/account");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    await page.getByTestId("enable-two-factor").getByLabel("Code from the app").fill(codeFor(secret));
    await page.getByTestId("enable-two-factor").getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(page.getByTestId("two-factor-state")).toHaveText(/^On/);

    // Lost the phone and the codes: an admin resets it on the staff page; the member is logged out and the password
    // alone signs in again (the role, support, does not require a second factor).
    const resetter = await staffPage(browser, javaScriptEnabled);
    await resetter.goto("/admin/staff");
    const row = resetter.getByTestId(`staff-${username}`);
    await expect(row.getByTestId("two-factor-state")).toHaveText("2FA on");
    await row.getByText("Reset two-factor").click();
    await row.getByRole("button", { name: "Turn their two-factor off" }).click();
    await expect(resetter.getByTestId("admin-notice")).toContainText(`Two-factor sign-in of ${username} is off`);
    await expect(resetter.getByTestId(`staff-${username}`).getByTestId("two-factor-state")).toHaveText("2FA off");
    await resetter.context().close();
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByTestId("two-factor-state")).toHaveText(/^Off/);
  },
);
