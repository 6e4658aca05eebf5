// The exchange's browser tests: a match of their own, and a trader's Fancy line on it.
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect } from "./test.ts";

export type Match = { eventId: number; marketId: number; runners: string[] };

/**
 * A simulated match with the market-maker's prices (POST /__e2e/exchange-match), in a slot of its own a few hours
 * ahead (the browser tests' server runs no feed); `hoursAhead: -1` is the match that started an hour or two ago, in
 * play. Call it first in a test, with the test's own request context: a later call could reuse a keep-alive socket
 * the server has closed meanwhile (ECONNRESET).
 */
export async function openMatch(request: APIRequestContext, hoursAhead = 2 + Math.floor(Math.random() * 38)): Promise<Match> {
  const response = await request.post("/__e2e/exchange-match", {
    headers: { "x-e2e-session-key": process.env.E2E_SESSION_KEY! },
    form: { hoursAhead },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Match;
}

/** The trader's card of the Fancy line with this name, on the event's back-office page. */
export const traderFancy = (staff: Page, name: string) => staff.getByTestId("trader-market-fancy").filter({ hasText: name });

/** On the trader's event page: a Fancy line of its own (added suspended) at these lines, both rates 100, then opened. */
export async function addFancyLine(staff: Page, name: string, line: { no: number; yes: number }) {
  const add = staff.getByRole("region", { name: "Add Fancy line" });
  await add.getByLabel("Line name").fill(name);
  await add.getByLabel("No line").fill(String(line.no));
  await add.getByLabel("Yes line").fill(String(line.yes));
  await add.getByRole("button", { name: "Add Fancy line" }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Fancy line added");
  await traderFancy(staff, name).getByRole("button", { name: "Open", exact: true }).click();
  await expect(staff.getByTestId("admin-notice")).toContainText("Market opened.");
}
