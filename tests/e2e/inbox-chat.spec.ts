// Inbox and support chat: a staff message from the back office reaches the player's open inbox live (with the
// header's unread count), a chat message goes from the player to the staff console and the reply comes back live;
// the key flows again without JavaScript (post, then read by reloading).
import { type Page } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, isMobileLayout, logIn, newPlayer } from "./support/players.ts";

async function sendInboxMessage(staff: Page, username: string, title: string, body: string) {
  await staff.goto("/admin/support/inbox");
  await staff.getByLabel("One player").check();
  await staff.getByLabel("Usernames").fill(username);
  await staff.getByLabel("Title").fill(title);
  await staff.getByLabel("Message", { exact: true }).fill(body);
  await staff.getByRole("button", { name: "Send message" }).click();
  await expect(staff.getByTestId("admin-notice")).toHaveText("Message sent to 1 player.");
}

/** The header's unread count that this layout shows (mobile header or desktop bar). */
async function unreadBadge(page: Page) {
  return page.getByTestId((await isMobileLayout(page)) ? "header-inbox-mobile-count" : "header-inbox-desktop-count");
}

test.describe("inbox and support chat", () => {
  test("a staff message appears in the open inbox without a reload and the unread count changes; opening it marks it read", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "live updates need JavaScript");
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await page.goto("/inbox");
    await expect(page.getByTestId("inbox-empty")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const badge = await unreadBadge(page);
    await expect(badge).toHaveCount(0);

    const staff = await staffPage(browser);
    await sendInboxMessage(staff, player.username, "Weekend bonus", "Deposit this weekend and get twenty percent more");
    await expect(staff.getByTestId("inbox-sent").getByRole("row").nth(1)).toContainText("Weekend bonus");
    await staff.screenshot({ path: testInfo.outputPath("admin-inbox.png"), fullPage: true });

    const item = page.getByTestId("inbox-item").first();
    await expect(item).toContainText("Weekend bonus");
    await expect(item.getByTestId("inbox-preview")).toHaveText("Deposit this weekend and get…");
    await expect(item.getByTestId("inbox-new")).toBeVisible();
    await expect(badge).toHaveText("1");
    await page.screenshot({ path: testInfo.outputPath("inbox-live.png") });

    await item.click();
    await expect(page.getByTestId("inbox-modal-body")).toHaveText("Deposit this weekend and get twenty percent more");
    await page.screenshot({ path: testInfo.outputPath("inbox-modal.png") });
    await expect(badge).toHaveCount(0);
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("inbox-item").first().getByTestId("inbox-new")).toHaveCount(0);
    await staff.context().close();
  });

  test("a chat message goes from the player to the staff console and the reply comes back live", async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "live updates need JavaScript");
    test.slow();
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    await page.goto("/");
    await page.getByTestId("chat-button").click();
    await expect(page).toHaveURL(/\/chat$/);
    await page.getByRole("button", { name: "Start a chat" }).click();
    await expect(page).toHaveURL(/\/chat-box\/\d+$/);
    await page.waitForLoadState("networkidle");

    // Whitespace only is not sent.
    await page.getByTestId("chat-input").fill("   ");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-error")).toHaveText("Please type a message.");
    await expect(page.getByTestId("chat-message")).toHaveCount(0);

    await page.getByTestId("chat-input").fill("My deposit has not arrived");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-message")).toHaveCount(1);
    await expect(page.getByTestId("chat-input")).toHaveValue("");

    const staff = await staffPage(browser);
    await staff.goto("/admin/support/chats");
    const row = staff.getByTestId("chat-queue-row").filter({ hasText: player.username });
    await expect(row).toContainText("My deposit has not arrived");
    await row.getByTestId("chat-queue-open").click();
    await staff.waitForLoadState("networkidle");
    await staff.getByTestId("chat-input").fill("Checking it now, one moment");
    await staff.getByTestId("chat-send").click();
    await expect(staff.getByTestId("staff-chat-assignee")).toContainText("admin");

    await expect(page.getByTestId("chat-message").last()).toContainText("Checking it now, one moment");
    await page.screenshot({ path: testInfo.outputPath("chat-player.png") });

    // And the player's next message reaches the open console without a reload.
    await page.getByTestId("chat-input").fill("Thank you");
    await page.getByTestId("chat-input").press("Enter");
    await expect(staff.getByTestId("chat-message").last()).toContainText("Thank you");
    await staff.screenshot({ path: testInfo.outputPath("chat-staff.png") });
    await staff.context().close();
  });

  test("the chat button drags without opening the chat; a tap opens it", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "dragging needs JavaScript");
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    // A page with room to drop it: dropped on a control, it would step off to the nearest free place.
    await page.goto("/inbox");
    await page.waitForLoadState("networkidle");
    const button = page.getByTestId("chat-button");
    const box = (await button.boundingBox())!;
    expect(box.width).toBe(50);
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    await page.mouse.move(box.x + 25, box.y + 25);
    await page.mouse.down();
    await page.mouse.move(box.x - 60, box.y - 80, { steps: 8 });
    await page.mouse.up();
    await expect(page).not.toHaveURL(/\/chat/);
    const moved = (await button.boundingBox())!;
    expect(Math.round(box.x - moved.x)).toBeGreaterThan(50);
    await button.click();
    await expect(page).toHaveURL(/\/chat$/);
  });

  test("@key without JavaScript too: a staff message is read by reloading, opened on its page, then deleted; a chat message is sent and the reply read", async ({
    page,
    browser,
  }) => {
    test.slow(); // a sign-up, a staff log-in and two flows, each a page load at a time
    const player = await createTestPlayer(page, newPlayer());
    await logIn(page, player.username);
    const staff = await staffPage(browser, false);
    await sendInboxMessage(staff, player.username, "Account notice", "Your account has been upgraded today");

    await page.goto("/inbox");
    const item = page.getByTestId("inbox-item").first();
    await expect(item).toContainText("Account notice");
    await expect(item.getByTestId("inbox-new")).toBeVisible();
    await expect(await unreadBadge(page)).toHaveText("1");
    // Without JavaScript the link leads to the message's own page (with it, the modal; either marks it read).
    await page.goto(`${(await item.locator("a").getAttribute("href"))!}`);
    await expect(page.getByTestId("inbox-message-body")).toHaveText("Your account has been upgraded today");
    await page.goto("/inbox");
    await expect(page.getByTestId("inbox-item").first().getByTestId("inbox-new")).toHaveCount(0);
    await expect(await unreadBadge(page)).toHaveCount(0);

    await page.getByTestId("inbox-edit").click();
    await page.getByRole("checkbox", { name: "Select Account notice" }).check();
    await page.getByTestId("inbox-delete").click();
    await expect(page.getByTestId("inbox-notice")).toHaveText("1 message deleted.");
    await expect(page.getByTestId("inbox-empty")).toBeVisible();

    await page.goto("/chat");
    await page.getByRole("button", { name: "Start a chat" }).click();
    await expect(page).toHaveURL(/\/chat-box\/\d+$/);
    const chatUrl = page.url();
    await page.getByTestId("chat-input").fill("Hello from a phone without JavaScript");
    await page.getByTestId("chat-send").click();
    await expect(page.getByTestId("chat-message")).toHaveCount(1);

    await staff.goto("/admin/support/chats");
    await staff.getByTestId("chat-queue-row").filter({ hasText: player.username }).getByTestId("chat-queue-open").click();
    await staff.getByTestId("chat-input").fill("Hello, how can we help?");
    await staff.getByTestId("chat-send").click();
    await expect(staff.getByTestId("chat-message")).toHaveCount(2);

    await page.goto(chatUrl);
    await expect(page.getByTestId("chat-message").last()).toContainText("Hello, how can we help?");
    await staff.context().close();
  });
});
