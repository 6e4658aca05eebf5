// Players for the browser tests: each test creates its own, so tests never share state. Tests of the sign-up form use
// signUp (the form); every other test creates its player through the sign-up API (createTestPlayer), which runs the
// same createPlayer without a page load, and logs in through the session fixture (logIn).
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { openSession } from "./sessions.ts";

export type TestPlayer = { username: string; password: string; email: string; phone: string };

/** 4-15 letters and digits: "e2e" and 12 random base-36 characters. */
function uniqueUsername() {
  return `e2e${BigInt(`0x${randomBytes(8).toString("hex")}`)
    .toString(36)
    .slice(0, 12)}`;
}

export function newPlayer(): TestPlayer {
  const username = uniqueUsername();
  const digits = String(randomBytes(4).readUInt32BE()).padStart(9, "0").slice(0, 9);
  return { username, password: `Pass${randomBytes(3).toString("hex")}9`, email: `${username}@example.test`, phone: `01${digits}` };
}

/** Fills the sign-up form and submits it; a successful sign-up lands on /login with a toast. */
export async function signUp(page: Page, player: TestPlayer = newPlayer()) {
  await page.goto("/signup");
  await page.getByLabel("Username", { exact: true }).fill(player.username);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(player.password);
  await page.getByLabel("Phone Number").fill(player.phone);
  await page.getByLabel("E-mail").fill(player.email);
  await page.getByRole("checkbox", { name: /18 years old/ }).check();
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toHaveText("Registration Successful! Please log in.");
  return player;
}

/** Creates the player through POST /api/v1/create-players (the spec's JSON payload); the page stays where it is. */
export async function createTestPlayer(page: Page, player: TestPlayer = newPlayer()) {
  const response = await page.request.post("/api/v1/create-players", {
    data: {
      username: player.username,
      password: player.password,
      confirmPassword: player.password,
      phone: player.phone,
      email: player.email,
      ageCheck: true,
    },
  });
  expect(response.status(), `sign-up of ${player.username}: ${await response.text()}`).toBe(201);
  return player;
}

export async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel("Username", { exact: true }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Logs in through the form, for tests of what the form itself does (rate limits, device cookie, messages). */
export async function logInWithForm(page: Page, username: string, password: string) {
  await page.goto("/login");
  await fillLogin(page, username, password);
  await expectLoggedIn(page, username);
}

/** Logs in by opening a session directly (no form, no password hashing) and shows home. */
export async function logIn(page: Page, username: string) {
  await openSession(page.request, "player", username);
  await page.goto("/");
  await expectLoggedIn(page, username);
}

/** Whether the page shows the mobile arrangement (phone user agent, or a window up to 768 px wide). */
export async function isMobileLayout(page: Page) {
  return page.getByTestId("mobile-header").isVisible();
}

/** Phones show the player's bottom toolbar; desktops the username in the header. */
export async function expectLoggedIn(page: Page, username: string) {
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  if (await isMobileLayout(page)) {
    await expect(page.getByTestId("bottom-toolbar")).toBeVisible();
  } else {
    await expect(page.getByTestId("account-entry")).toHaveText(username);
  }
}

export async function expectLoggedOut(page: Page) {
  if (await isMobileLayout(page)) {
    await expect(page.getByTestId("guest-toolbar")).toBeVisible();
    await expect(page.getByTestId("bottom-toolbar")).toHaveCount(0);
  } else {
    await expect(page.getByTestId("account-entry")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Login", exact: true }).first()).toBeVisible();
  }
}
