import { expect, test } from "./support/test.ts";
import { expectLoggedIn, expectLoggedOut, fillLogin, isMobileLayout, newPlayer, signUp } from "./support/players.ts";

test("sign up, log in, see the player's toolbar, log out", { tag: ["@key", "@desktop"] }, async ({ page }) => {
  const player = await signUp(page);
  await fillLogin(page, player.username, player.password);
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedIn(page, player.username);

  if (await isMobileLayout(page)) {
    // On a phone, logging out lives in My Account (reached from the bottom toolbar).
    await page.getByTestId("bottom-toolbar").getByRole("link", { name: "My Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
  }
  await page.getByRole("button", { name: "Log out" }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toHaveText("You have been logged out.");
  await expectLoggedOut(page);

  // The session is gone on the server too: a gated page asks for a login again.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

test("a guest opening /account is sent to log in and comes back", { tag: "@key" }, async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  // The seeded demo player (README: demo / Demo1234).
  await fillLogin(page, "demo", "Demo1234");
  await expect(page).toHaveURL(/\/account$/);
  await expectLoggedIn(page, "demo");
});

test("a wrong password shows 'Invalid credentials'", { tag: "@key" }, async ({ page }, testInfo) => {
  const player = await signUp(page);
  await fillLogin(page, player.username, `${player.password}x`);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue(player.username);
  // The page the server sends back (no JavaScript) keeps the username but never echoes the password.
  if (testInfo.project.use.javaScriptEnabled === false) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("sign-up validation messages appear next to their fields", { tag: "@key" }, async ({ page }) => {
  const player = newPlayer();
  await page.goto("/signup");
  await page.getByLabel("Username", { exact: true }).fill(player.username);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(`${player.password}0`);
  await page.getByLabel("Phone Number").fill("12345");
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "SUBMIT" }).click();

  const fieldOf = (label: string | RegExp) => page.locator(".field").filter({ has: page.getByLabel(label, { exact: true }) });
  await expect(fieldOf("Confirm Password")).toContainText("Passwords do not match");
  await expect(fieldOf("Phone Number")).toContainText("Invalid phone number (10-15 digits)");
  await expect(fieldOf("E-mail")).toContainText("Invalid email address");
  // What was typed is kept (except the passwords), and no account was made.
  await expect(page.getByLabel("Username", { exact: true })).toHaveValue(player.username);
  await expect(page.getByLabel("E-mail")).toHaveValue("not-an-email");

  // With everything else right, the unticked 18+ box is what stops the sign-up (the server requires it too).
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(player.password);
  await page.getByLabel("Phone Number").fill(player.phone);
  await page.getByLabel("E-mail").fill(player.email);
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page.locator(".field").filter({ has: page.getByRole("checkbox", { name: /18 years old/ }) })).toContainText(
    "You must confirm that you are 18 years old.",
  );
  await page.goto("/login");
  await fillLogin(page, player.username, player.password);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid credentials" })).toBeVisible();
});

test("the login button reads 'Logging in...' while the form is submitted", async ({ page }) => {
  const player = await signUp(page);
  // Hold the login request back for a moment so the pending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/login"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );
  await fillLogin(page, player.username, player.password);
  const button = page.getByRole("button", { name: "Logging in..." });
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
  release();
  await expectLoggedIn(page, player.username);
});

test("the log-in form's checks are fetched on the first touch, then run on blur, on input and on submit", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the browser's checks need JavaScript");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  // Nothing of zod or the schemas comes with the page itself (bench:home counts these bytes).
  expect(scripts.filter((s) => /form-validation|validation-|api-/.test(s))).toEqual([]);

  const username = page.getByLabel("Username", { exact: true });
  const field = page.locator(".field").filter({ has: username });
  await username.focus();
  await expect.poll(() => scripts.some((s) => s.includes("/form-validation-"))).toBe(true);

  // Whether or not the checks have arrived by the blur (see the next test), the message comes.
  await username.fill("not valid");
  await username.blur();
  await expect(field).toContainText("Invalid username (only letters and numbers)");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  // Checked again as it is corrected.
  await username.fill("valid1");
  await expect(field).not.toContainText("Invalid username");
  await expect(username).not.toHaveAttribute("aria-invalid");

  // A submit with a mistake is stopped in the browser, and the wrong field gets the focus.
  await page.getByRole("button", { name: "Login", exact: true }).click();
  const password = page.getByLabel("Password", { exact: true });
  await expect(page.locator(".field").filter({ has: password })).toContainText("Password is required");
  await expect(password).toBeFocused();
  expect(posts).toEqual([]);
});

test("a field left before the log-in form's checks have arrived is checked when they arrive", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the browser's checks need JavaScript");
  // Slow mobile data: the checks' module is held back until the player has typed and moved on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(
    (url) => url.pathname.includes("/form-validation-"),
    async (route) => {
      requested = true;
      await held;
      await route.continue();
    },
  );
  await page.goto("/login");
  const username = page.getByLabel("Username", { exact: true });
  const field = page.locator(".field").filter({ has: username });
  await username.focus();
  await expect.poll(() => requested).toBe(true);
  await username.fill("not valid");
  await page.getByLabel("Password", { exact: true }).focus();
  await expect(username).not.toHaveAttribute("aria-invalid");

  release();
  await expect(field).toContainText("Invalid username (only letters and numbers)");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  // The password was only entered, never left: it shows nothing yet.
  await expect(page.locator(".field").filter({ has: page.getByLabel("Password", { exact: true }) })).not.toContainText("required");
  // From then on the field is checked as it changes.
  await username.fill("valid1");
  await expect(field).not.toContainText("Invalid username");
});

test("a field typed into and left before the page has hydrated is checked once it has", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the browser's checks need JavaScript");
  // Slow mobile data: the page's scripts arrive after the player has typed and moved on.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".js"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  const username = page.getByLabel("Username", { exact: true });
  await username.fill("not valid");
  await page.getByLabel("Password", { exact: true }).focus();
  release();
  await expect(page.locator(".field").filter({ has: username })).toContainText("Invalid username (only letters and numbers)");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field").filter({ has: page.getByLabel("Password", { exact: true }) })).not.toContainText("required");
});
