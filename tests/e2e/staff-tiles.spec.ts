// What staff put on the players' tiles: a provider's icon uploaded under /admin/games/providers shows in the /games
// filter (and goes when removed), and a payment method's tag ("+2%") shows on its deposit tile. The projects run in
// parallel on one server, so each uses a provider and a method of its own, and the tag is cleared afterwards.
import { PNG, staffPage } from "./support/payments.ts";
import { logIn } from "./support/players.ts";
import { expect, test } from "./support/test.ts";

const providerOf: Record<string, string> = { phone: "SEXY", desktop: "EVO", "no-js": "JDB" };
const methodOf: Record<string, string> = { phone: "Rocket", desktop: "Upay", "no-js": "bKash" };

test(
  "a provider icon staff upload shows in the games filter, and removing it leaves the name alone @key",
  { tag: "@desktop" },
  async ({ page, browser, javaScriptEnabled }, testInfo) => {
    test.slow(); // took more than half the default minute on a loaded machine
    const platform = providerOf[testInfo.project.name]!;
    const staff = await staffPage(browser, javaScriptEnabled);
    await staff.goto("/admin/games/providers");
    const section = staff.getByTestId(`provider-${platform}`);
    await section.getByLabel("Icon on /games").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await section.getByRole("button", { name: "Upload icon" }).click();
    await expect(staff.getByText(/: icon saved\./)).toBeVisible();
    const uploaded = await staff.getByTestId(`provider-${platform}`).getByTestId("provider-icon").locator("img").getAttribute("src");
    expect(uploaded).toMatch(/^\/poster\/[a-f0-9]{32}\.png$/);

    await page.goto("/games");
    await expect(page.locator(`img[src="${uploaded}"]`).first()).toBeAttached();

    await staff.getByTestId(`provider-${platform}`).getByRole("button", { name: "Remove icon" }).click();
    await expect(staff.getByText(/: icon removed\./)).toBeVisible();
    await expect(staff.getByTestId(`provider-${platform}`).getByText("No icon: the filter shows the name alone.")).toBeVisible();
    await page.goto("/games");
    await expect(page.locator(`img[src="${uploaded}"]`)).toHaveCount(0);
    await staff.context().close();
  },
);

test(
  "a payment method's tag staff set shows on its deposit tile @key",
  { tag: "@desktop" },
  async ({ page, browser, javaScriptEnabled }, testInfo) => {
    test.slow(); // took more than half the default minute on a loaded machine
    const staff = await staffPage(browser, javaScriptEnabled);
    await staff.goto("/admin/finance/payment-methods");
    const methodForm = staff
      .locator('[data-testid^="method-form-"]')
      .filter({ has: staff.locator(`input[value="${methodOf[testInfo.project.name]}"]`) });
    const id = (await methodForm.getAttribute("data-testid"))!.replace("method-form-", "");
    const setTag = async (tag: string) => {
      await staff.goto("/admin/finance/payment-methods");
      const form = staff.getByTestId(`method-form-${id}`);
      await form.getByLabel("Tag").fill(tag);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(staff.getByTestId(`method-form-${id}`).getByLabel("Tag")).toHaveValue(tag);
    };
    await setTag("+2%");
    try {
      await logIn(page, "demo");
      await page.goto("/deposit");
      await expect(page.getByTestId(`method-${id}`).getByTestId("method-tag")).toHaveText("+2%");
    } finally {
      await setTag("");
      await staff.context().close();
    }
  },
);
