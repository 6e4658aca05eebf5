import { describe, expect, it } from "vitest";
import { getEnv } from "#app/config/env.server.ts";
import { crossSiteReason } from "./same-origin.server.ts";

const post = (path: string, headers: Record<string, string> = {}, method = "POST") =>
  new Request(`http://localhost${path}`, { method, headers, body: method === "GET" ? undefined : "a=1" });

describe("crossSiteReason", () => {
  it("lets a state-changing request from this site through: its Origin, else Sec-Fetch-Site, else its Referer", () => {
    for (const path of ["/exchange/pin", "/games/favourite", "/house/dice", "/language", "/admin/staff"]) {
      expect(crossSiteReason(post(path, { origin: "http://localhost" }))).toBeNull();
      expect(crossSiteReason(post(path, { origin: new URL(getEnv().PUBLIC_URL).origin }))).toBeNull();
      expect(crossSiteReason(post(path, { "sec-fetch-site": "same-origin" }))).toBeNull();
      expect(crossSiteReason(post(path, { "sec-fetch-site": "none" }))).toBeNull();
      expect(crossSiteReason(post(path, { referer: "http://localhost/house/dice?x=1" }))).toBeNull();
    }
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a foreign Origin with a same-site Referer", { origin: "https://evil.example", referer: "http://localhost/" }],
    ["a look-alike Origin", { origin: "http://localhost.evil.example" }],
    ["another port", { origin: "http://localhost:8080" }],
    ["another scheme", { origin: "https://localhost" }],
    ["Origin null", { origin: "null" }],
    ["an Origin that is no URL", { origin: "%%%" }],
    ["no Origin, a cross-site fetch", { "sec-fetch-site": "cross-site" }],
    ["no Origin, a same-site (other subdomain) fetch", { "sec-fetch-site": "same-site" }],
    ["no Origin, cross-site fetch despite a same-site Referer", { "sec-fetch-site": "cross-site", referer: "http://localhost/" }],
    ["no Origin, a foreign Referer", { referer: "https://evil.example/page" }],
    ["nothing at all", {}],
  ])("refuses %s", (_label, headers) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/exchange/pin", "/games/favourite", "/house/dice", "/language", "/login", "/admin/login"]) {
        expect(crossSiteReason(post(path, headers, method)), `${method} ${path}`).not.toBeNull();
      }
    }
  });

  it("leaves reads alone, and the routes that carry their own credentials (the JSON API, the provider wallet, the tests' key)", () => {
    expect(crossSiteReason(post("/games", { origin: "https://evil.example" }, "GET"))).toBeNull();
    for (const path of ["/api/login", "/api/submit-withdraw", "/api/provider/HOUSE/bet", "/__e2e/session"]) {
      expect(crossSiteReason(post(path))).toBeNull();
      expect(crossSiteReason(post(path, { origin: "https://evil.example" }))).toBeNull();
    }
    // Only /api itself and below: a page whose name starts alike is checked.
    expect(crossSiteReason(post("/apix"))).not.toBeNull();
  });
});
