// Staff find a player in the list with a filter, open the player 360, add a note and a tag (plain form posts: the
// no-js project runs this too), and read the ledger statement; on a phone the sections stack. Screenshots of the list
// and the page go to test-results for a look.
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer } from "./support/players.ts";

test(
  "staff filter the player list, open a player, add a note and a tag, and see the ledger statement @key",
  { tag: "@back-office" },
  async ({ page, browser, javaScriptEnabled }, info) => {
    test.setTimeout(240_000); // a staff session, a sign-up and eight page loads, on a build that shares its machine
    const player = await createTestPlayer(page);
    const staff = await staffPage(browser, javaScriptEnabled);
    if (info.project.name === "phone") await staff.setViewportSize({ width: 390, height: 844 });

    await staff.goto("/admin/players");
    const filters = staff.getByTestId("player-filters");
    await filters.getByLabel("Username, phone, e-mail or id").fill(player.username);
    await filters.getByLabel("Status").selectOption("active");
    await filters.getByTestId("player-filters-apply").click();
    await expect(staff).toHaveURL(/status=active/);
    // Other workers' players may share part of the name: this one is listed, and every row listed is active.
    await expect(staff.getByTestId("player-results").getByRole("link", { name: player.username, exact: true })).toBeVisible();
    await expect(staff.getByTestId("player-total")).toHaveText(/^\d+ players?$/);
    await staff.screenshot({ path: info.outputPath(`player-list-${info.project.name}.png`), fullPage: true });

    // A bad filter is a message beside its field, not an error page.
    await staff.goto(`/admin/players?min=abc`);
    await expect(staff.getByTestId("filter-min")).toContainText("Enter an amount in taka");

    await staff.goto(`/admin/players?q=${player.username}&status=active`);
    await staff.getByTestId("player-results").getByRole("link", { name: player.username }).click();
    await expect(staff).toHaveURL(/\/admin\/players\/\d+$/);
    await expect(staff.getByTestId("p360-balances")).toBeVisible();

    const noteForm = staff.getByTestId("note-form");
    await noteForm.getByLabel("Add a note").fill("Asked about the welcome bonus; explained the turnover.");
    await noteForm.getByTestId("note-add").click();
    await expect(staff.getByTestId("admin-notice")).toHaveText("Note added.");
    await expect(staff.getByTestId("note-list")).toContainText("Asked about the welcome bonus; explained the turnover.");

    const tagForm = staff.getByTestId("tag-form");
    await tagForm.getByLabel("Add a tag").fill("Bonus Question");
    await tagForm.getByTestId("tag-add").click();
    await expect(staff.getByTestId("admin-notice")).toHaveText("Tag added.");
    await expect(staff.getByTestId("tag-list")).toContainText("bonus-question");

    // The statement: newest first, the balance after the newest entry is the main balance shown above.
    const statement = staff.getByTestId("statement-table");
    await expect(statement).toBeVisible();
    const main = (await staff.getByTestId("p360-balance-main").locator("dd").textContent())!.trim();
    await expect(statement.getByTestId("balance-after").first()).toHaveText(main);
    await staff.screenshot({ path: info.outputPath(`player-360-${info.project.name}.png`), fullPage: true });

    // The tag filters the list back to this player.
    await staff.goto("/admin/players?tag=bonus-question");
    await expect(staff.getByTestId("player-results")).toContainText(player.username);
    await staff.context().close();
  },
);
