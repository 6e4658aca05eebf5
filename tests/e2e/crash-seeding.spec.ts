// The Crash seeding event as an admin runs it and anyone checks it: a chain published with the public value that
// will become its salt shows on /fair at once without a salt; the salt entered later shows beside it, and a second
// salt is refused. Each project publishes a chain of its own (they run in parallel on one server).
import { staffPage } from "./support/payments.ts";
import { expect, test } from "./support/test.ts";

test(
  "an admin publishes a Crash chain, /fair shows it before and after its salt is fixed @key",
  { tag: "@back-office" },
  async ({ page, browser, javaScriptEnabled }, testInfo) => {
    const source = `drand quicknet round ${Date.now()} (${testInfo.project.name})`;
    const staff = await staffPage(browser, javaScriptEnabled);
    await staff.goto("/admin/games/crash-chains");
    await staff.getByLabel("Public value that will become the salt").fill(source);
    await staff.getByRole("button", { name: "Publish the chain" }).click();
    await expect(staff.getByTestId("admin-notice")).toHaveText(/^Chain #\d+ published\. Fix its salt once the value exists\.$/);
    const id = /#(\d+)/.exec((await staff.getByTestId("admin-notice").textContent())!)![1]!;
    const card = staff.locator(`#chain-${id}`);
    await expect(card).toHaveAttribute("data-status", "waiting");
    const terminating = /[0-9a-f]{64}/.exec((await card.textContent())!)![0];

    await page.goto("/fair");
    const listed = page.getByTestId("fair-chain").filter({ hasText: source });
    await expect(listed).toContainText(terminating);
    await expect(listed).toContainText("Salt: not fixed yet");

    await card.getByLabel("Salt (the public value, exactly as published)").fill(" padded ");
    await card.getByRole("button", { name: "Fix the salt" }).click();
    await expect(staff.locator(`#chain-${id}`)).toContainText("exactly as published");
    const salt = `e2e${id}${testInfo.project.name}`;
    await staff.locator(`#chain-${id}`).getByLabel("Salt (the public value, exactly as published)").fill(salt);
    await staff.locator(`#chain-${id}`).getByRole("button", { name: "Fix the salt" }).click();
    await expect(staff.getByTestId("admin-notice")).toHaveText(`The salt of chain #${id} is fixed.`);
    await expect(staff.locator(`#chain-${id}`)).toHaveAttribute("data-status", "playing");

    await page.goto("/fair");
    await expect(page.getByTestId("fair-chain").filter({ hasText: source }).getByTestId("fair-chain-salt")).toHaveText(salt);
    await staff.context().close();
  },
);
