// The two-step sign-up of /register (issue 31) on the desktop layout: each step a real form post (so it also runs
// with JavaScript off, @key), step 1 kept on the server, step 2 with the captcha image. The test learns no code from
// the image: /__e2e/captcha (browser tests only, like /__e2e/session) sets the browser's live code to a known one.
import { expect, type Page } from "@playwright/test";
import { desktop, PHONE_UA } from "./support/devices.ts";
import { logInWithForm, newPlayer } from "./support/players.ts";
import { test } from "./support/test.ts";

const isCaptcha = (url: string) => new URL(url).pathname === "/captcha";

/** Does `act` and waits for the new captcha image it makes the page load. */
async function withNewCaptcha(page: Page, act: () => Promise<unknown>) {
  await Promise.all([page.waitForResponse((r) => isCaptcha(r.url()) && r.status() === 200), act()]);
}

async function setCaptchaCode(page: Page, code: string) {
  const response = await page.request.post("/__e2e/captcha", { headers: { "x-e2e-session-key": process.env.E2E_SESSION_KEY! }, form: { code } });
  expect(response.status(), "the browser's live captcha").toBe(204);
}

test.describe("desktop", () => {
  test.use({ userAgent: desktop.userAgent, viewport: desktop.viewport, isMobile: false, hasTouch: false });

  test("signs up in two steps with the captcha, a wrong code keeps what was typed @key", async ({ page }) => {
    const player = newPlayer();
    await page.goto("/register");
    await expect(page.getByTestId("register-step")).toHaveText("Step 1 of 2: your account");
    await expect(page.getByTestId("register-banner").getByRole("img")).toBeVisible();

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please fill in all fields.", { exact: true })).toBeVisible();

    await page.getByLabel("Username", { exact: true }).fill(player.username);
    await page.getByLabel("Password", { exact: true }).fill(player.password);
    await page.getByLabel("Confirm Password", { exact: true }).fill(`${player.password}x`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(player.password);
    await page.getByLabel("Confirm Password", { exact: true }).fill(player.password);
    await withNewCaptcha(page, () => page.getByRole("button", { name: "Next" }).click());
    await expect(page).toHaveURL(/\/register\?step=2$/);
    await expect(page.getByTestId("register-step")).toHaveText("Step 2 of 2: your details");
    await expect(page.getByRole("img", { name: "A 4-digit code" })).toBeVisible();
    await setCaptchaCode(page, "4821");

    await page.getByLabel("Full Name").fill("Two Step Player");
    await page.getByLabel("Phone Number").fill(player.phone);
    await page.getByLabel("E-mail").fill(player.email);
    await page.getByLabel("Code in the image").fill("0000");
    await page.getByRole("checkbox", { name: /18 years old/ }).check();
    await withNewCaptcha(page, () => page.getByRole("button", { name: "SUBMIT" }).click());
    await expect(page.getByText("The code is wrong or expired. Try the new one.")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Two Step Player");
    await expect(page.getByLabel("E-mail")).toHaveValue(player.email);
    await expect(page.getByLabel("Code in the image")).toHaveValue("");

    await setCaptchaCode(page, "4821");
    await page.getByLabel("Code in the image").fill("4821");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("toast")).toHaveText("Registration Successful! Please log in.");
    await logInWithForm(page, player.username, player.password);
  });

  test("Previous brings step 1 back without the password; step 2's own messages", async ({ page }) => {
    const player = newPlayer();
    await page.goto("/register");
    await page.getByLabel("Username", { exact: true }).fill(player.username);
    await page.getByLabel("Password", { exact: true }).fill(player.password);
    await page.getByLabel("Confirm Password", { exact: true }).fill(player.password);
    await page.getByLabel("Currency").selectOption({ label: "INR" });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/register\?step=2$/);

    await page.getByRole("button", { name: "SUBMIT" }).click();
    await expect(page.getByText("Please fill in all fields for step 2.")).toBeVisible();
    await expect(page.getByText("You must confirm that you are 18 years old.")).toBeVisible();

    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByTestId("register-step")).toHaveText("Step 1 of 2: your account");
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(player.username);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Currency")).toHaveValue("7");
  });

  test("the old register.jsp link and the header's Sign up lead to the two-step form; the one-page form stays", async ({ page }) => {
    await page.goto("/page/guest/register.jsp");
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole("link", { name: "Sign up on one page" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("button", { name: "SUBMIT" })).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use({ userAgent: PHONE_UA, viewport: { width: 360, height: 740 } });

  test("/register leads a phone to the one-page sign-up", async ({ page }) => {
    await page.goto("/register");
    await expect(page).toHaveURL(/\/signup$/);
  });
});
