// Age and identity: a new player opening /deposit is asked for the birthday first (the deposit form is shown but
// cannot be used until then), enters it and lands back on the deposit form (@key: also without JavaScript); an
// identity document uploaded on /account/verification and approved by staff on the player's Documents tab.
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";

/** A real 1x1 PNG: the server checks the file by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("a new player opening /deposit is asked for the birthday first, then sees the deposit form @key", async ({ page }) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);

  await page.goto("/deposit");
  const ask = page.getByTestId("deposit-birthday");
  await expect(ask).toContainText("Your birthday first");
  await expect(ask).toContainText("If you are under 18, your account will be blocked.");
  // The deposit form is there but cannot be filled in before the birthday.
  await expect(page.getByTestId("deposit-form")).toHaveAttribute("inert", "");

  await ask.getByLabel("Birthday").fill("1993-03-14");
  await ask.getByRole("button", { name: "Save birthday" }).click();

  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByTestId("deposit-birthday")).toHaveCount(0);
  await expect(page.getByTestId("deposit-form")).not.toHaveAttribute("inert");
  await expect(page.getByTestId("promotion-select")).toBeEnabled();
  await expect(page.getByRole("button", { name: "Deposit", exact: true })).toBeEnabled();
});

test("an under-18 birthday is confirmed first, then the account is blocked and logged out @key", async ({ page }) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/deposit");
  const young = `${new Date().getFullYear() - 14}-05-20`;
  await page.getByTestId("deposit-birthday").getByLabel("Birthday").fill(young);
  await page.getByRole("button", { name: "Save birthday" }).click();
  const confirm = page.getByTestId("birthday-confirm");
  await expect(confirm).toContainText("your account will be blocked");
  await confirm.getByRole("button", { name: "Confirm the birthday and block my account" }).click();

  await expect(page).toHaveURL(/\/age-blocked$/);
  await expect(page.getByTestId("age-blocked")).toContainText("this site is for adults 18 and over only");
  await page.goto("/deposit");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Username", { exact: true }).fill(player.username);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("a player uploads an identity document and staff approve it on the Documents tab", async ({ page, browser }, testInfo) => {
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto("/account/verification");
  await expect(page.getByTestId("which-documents")).toContainText("national ID card");
  await expect(page.getByTestId("check-documents")).toHaveAttribute("data-state", "missing");
  await page.getByLabel("Document type").selectOption("passport");
  await page.getByLabel("Photo or scan of the document").setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId("upload-notice")).toBeVisible();
  await expect(page.getByTestId("check-documents")).toHaveAttribute("data-state", "pending");
  await page.screenshot({ path: testInfo.outputPath("verification.png"), fullPage: true });

  const staff = await staffPage(browser);
  await staff.goto(`/admin/players?q=${player.username}`);
  await staff.getByRole("link", { name: player.username }).first().click();
  await staff.getByTestId("player-tabs").getByRole("link", { name: "Documents" }).click();
  const doc = staff.getByTestId("documents").locator("li").first();
  await expect(doc).toContainText("Passport");
  await staff.screenshot({ path: testInfo.outputPath("staff-documents.png"), fullPage: true });
  const image = await staff.request.get((await doc.getByRole("link", { name: "View image" }).getAttribute("href"))!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  await doc.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("The document was approved.");
  await expect(staff.getByTestId("documents-verified")).toHaveAttribute("data-verified", "true");

  await page.reload();
  await expect(page.getByTestId("check-documents")).toHaveAttribute("data-state", "done");
});
