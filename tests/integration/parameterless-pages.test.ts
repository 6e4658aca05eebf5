// Pages that name their subject in the address, opened without it (a bookmark, the browser's history): the player
// is sent where that subject is listed instead of a bare "Page not found".
import { afterAll, describe, expect, it } from "vitest";
import { closeIdleConnections, createPlayer } from "#app/modules/payments/test-helpers.ts";
import * as oddsView from "#app/routes/exchange/odds-view.tsx";
import * as paymentRequest from "#app/routes/payments/payment-request.tsx";
import { callRoute, sessionFor } from "../support/route-call.ts";

afterAll(closeIdleConnections);

describe("a page opened without its parameter", () => {
  it("/odds-view without ?market= goes to the exchange's match list", async () => {
    const { cookie } = await sessionFor(await createPlayer());
    for (const path of ["/odds-view", "/odds-view?market=", "/odds-view?bet=1&side=back"]) {
      const res = await callRoute(oddsView, path, { cookie });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/exchange");
    }
    // A market that does not exist is still not found.
    expect((await callRoute(oddsView, "/odds-view?market=x", { cookie })).status).toBe(404);
  });

  it("/payment-request without ?id= goes to the transaction record", async () => {
    const { cookie } = await sessionFor(await createPlayer());
    for (const path of ["/payment-request", "/payment-request?id="]) {
      const res = await callRoute(paymentRequest, path, { cookie });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/transaction-record");
    }
    expect((await callRoute(paymentRequest, "/payment-request?id=D999999", { cookie })).status).toBe(404);
  });

  it("a guest is still asked to log in first", async () => {
    const res = await callRoute(paymentRequest, "/payment-request");
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});
