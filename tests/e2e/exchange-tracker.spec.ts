// The market page's stream slot: our live match tracker drawn on the server (so it reads without JavaScript, @key),
// and a provider's stream framed once staff allow its host and set it on the event.
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test.ts";
import { staffPage } from "./support/payments.ts";
import { createTestPlayer, logIn } from "./support/players.ts";
import { openMatch } from "./support/exchange.ts";

/** The simulated match that started an hour or two ago: in play, with a score ball by ball. */
const openLiveMatch = (request: APIRequestContext) => openMatch(request, -1);

test("@key the market page shows the live match tracker drawn from our feed", async ({ page, request }) => {
  const match = await openLiveMatch(request);
  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  await page.goto(`/odds-view?market=${match.marketId}`);
  const tracker = page.getByTestId("match-tracker");
  await expect(tracker).toBeVisible();
  await expect(tracker.getByRole("img", { name: /Live match tracker: .+ \d+\/\d+ after \d+\.\d overs/ })).toBeVisible();
  await expect(tracker.getByTestId("tracker-score")).toHaveText(/^\d+\/\d+$/);
  await expect(page.getByTestId("stream-iframe")).toHaveCount(0);
});

test("staff allow a stream host and set the event's stream; the market page frames it instead of the tracker", async ({ page, request, browser }) => {
  test.slow(); // took more than half the default minute on a loaded machine
  test.skip(test.info().project.name === "no-js", "the staff forms are checked with JavaScript; the player's page above without");
  const match = await openLiveMatch(request);
  const host = `s${Date.now()}.stream-e2e.test`;
  const staff = await staffPage(browser);
  await staff.goto("/admin/exchange");
  const hosts = staff.getByLabel(/Allowed hosts/);
  const before = await hosts.inputValue();
  await hosts.fill(`${before}\n${host}`.trim());
  await staff.getByRole("button", { name: "Save hosts" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Stream hosts saved.");

  await staff.goto(`/admin/exchange/${match.eventId}`);
  const url = staff.getByLabel("Stream player URL");
  // Refused on the field: not https.
  await url.fill(`http://${host}/embed/1`);
  await staff.getByRole("button", { name: "Save stream" }).click();
  await expect(staff.getByTestId("trader-stream").getByRole("alert")).toContainText("must start with https://");
  await staff.getByLabel("Stream player URL").fill(`https://${host}/embed/1`);
  await staff.getByRole("button", { name: "Save stream" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Live stream saved.");

  const player = await createTestPlayer(page);
  await logIn(page, player.username);
  const response = await page.goto(`/odds-view?market=${match.marketId}`);
  expect(response!.headers()["content-security-policy"]).toMatch(new RegExp(`frame-src 'self'[^;]* https://${host.replaceAll(".", "\\.")}`));
  expect(response!.headers()["content-security-policy"]).not.toMatch(/frame-src[^;]* https:(;| )/);
  const frame = page.getByTestId("stream-iframe");
  await expect(frame).toHaveAttribute("src", `https://${host}/embed/1`);
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation");
  await expect(frame).toHaveAttribute("title", /Live stream: /);
  await expect(page.getByTestId("match-tracker")).toHaveCount(0);

  // The host list back as it was, for the tests after this one.
  await staff.goto("/admin/exchange");
  await staff.getByLabel(/Allowed hosts/).fill(before);
  await staff.getByRole("button", { name: "Save hosts" }).click();
  await expect(staff.getByTestId("admin-notice")).toBeVisible();
  await staff.context().close();
});
