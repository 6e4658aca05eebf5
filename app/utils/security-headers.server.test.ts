import { afterEach, describe, expect, test, vi } from "vitest";
import {
  baseSecurityHeaders,
  createNonce,
  documentCsp,
  documentSecurityHeaders,
  RESOURCE_CSP,
  responseSecurityDefaults,
  setMissing,
  UPLOAD_CSP,
} from "./security-headers.server.ts";

const http = { publicUrl: "http://localhost:3000" };
const https = { publicUrl: "https://play.example.com" };

/** The directives of a policy by name. */
function directives(csp: string) {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

describe("nonce", () => {
  test("is new for every request: 128 random bits in base64", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  test("two documents get different policies", () => {
    expect(documentCsp(createNonce(), http)).not.toBe(documentCsp(createNonce(), http));
  });

  test("a nonce that could break out of the header is refused", () => {
    expect(() => documentCsp("abc'; script-src *", http)).toThrow();
    expect(() => documentCsp("", http)).toThrow();
  });
});

describe("document CSP", () => {
  const nonce = createNonce();
  const csp = directives(documentCsp(nonce, http));

  test("scripts only from the site and with the nonce: no unsafe-inline, no unsafe-eval", () => {
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    expect(documentCsp(nonce, http)).not.toMatch(/script-src[^;]*unsafe/);
    expect(documentCsp(nonce, http)).not.toContain("unsafe-eval");
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  test("framed only by the site; frames the site and only the origins it is given, never any https: page", () => {
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'self'"]);
    expect(directives(documentCsp(nonce, https)).get("frame-src")).toEqual(["'self'"]);
    // The game providers' origins and the configured stream hosts (entry.server.tsx passes both).
    const framed = documentCsp(nonce, https, ["https://games.aggregator.test", "https://player.example.com"]);
    expect(directives(framed).get("frame-src")).toEqual(["'self'", "https://games.aggregator.test", "https://player.example.com"]);
    expect(framed).not.toMatch(/frame-src[^;]*https:(\s|;|$)/);
  });

  test("a frame source that is not a bare origin never reaches the header", () => {
    const framed = documentCsp(nonce, https, [
      "https://ok.example.com",
      "https:",
      "*",
      "https://a.test; script-src *",
      "https://b.test/path",
      "'unsafe-inline'",
    ]);
    expect(directives(framed).get("frame-src")).toEqual(["'self'", "https://ok.example.com"]);
    expect(directives(framed).get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  test("no plugins, no <base>, forms post to the site, fetch and SSE to the site", () => {
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
  });

  test("upgrade-insecure-requests only on an https site", () => {
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(directives(documentCsp(nonce, https)).has("upgrade-insecure-requests")).toBe(true);
  });
});

describe("base headers", () => {
  test("nosniff, referrer, framing and permissions everywhere", () => {
    expect(baseSecurityHeaders(http)).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "SAMEORIGIN",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
  });

  test("HSTS only when PUBLIC_URL is https", () => {
    expect(baseSecurityHeaders(http)).not.toHaveProperty("Strict-Transport-Security");
    expect(baseSecurityHeaders({ publicUrl: "http://https.example.com" })).not.toHaveProperty("Strict-Transport-Security");
    expect(baseSecurityHeaders(https)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(baseSecurityHeaders({ publicUrl: "HTTPS://PLAY.EXAMPLE.COM" })).toHaveProperty("Strict-Transport-Security");
    expect(documentSecurityHeaders(createNonce(), https)).toHaveProperty("Strict-Transport-Security");
    expect(responseSecurityDefaults(https)).toHaveProperty("Strict-Transport-Security");
  });

  test("documents carry their nonce CSP, other responses one that loads nothing", () => {
    const nonce = createNonce();
    expect(documentSecurityHeaders(nonce, http)["Content-Security-Policy"]).toContain(`'nonce-${nonce}'`);
    expect(responseSecurityDefaults(http)["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(RESOURCE_CSP).not.toContain("nonce");
  });

  test("a response's own policy wins over the defaults (the deposit proofs' sandbox)", () => {
    const headers = new Headers({ "Content-Security-Policy": UPLOAD_CSP, "content-type": "image/png" });
    setMissing(headers, responseSecurityDefaults(https));
    expect(headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("cookies", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** Every cookie the site sets, from modules loaded afresh under PUBLIC_URL. */
  async function serializedCookies(publicUrl: string) {
    vi.stubEnv("PUBLIC_URL", publicUrl);
    vi.resetModules();
    const [{ toastCookie }, { referralCookie }, { languageCookie }, { sessionCookie }, { staffCookie }, { saveDraft }] = await Promise.all([
      import("#app/utils/toast.server.ts"),
      import("#app/utils/referral-cookie.server.ts"),
      import("#app/i18n/i18n.server.ts"),
      import("#app/modules/sessions/auth.server.ts"),
      import("#app/modules/staff/auth.server.ts"),
      import("#app/routes/payments/deposit-draft.server.ts"),
    ]);
    const draft = {
      playerId: 1,
      methodId: 1,
      channelType: "Agent",
      amount: 500n,
      promotionId: null,
      walletNumberId: 1,
      accountNumber: "01700000000",
    } as const;
    return Promise.all([
      toastCookie.serialize("loggedOut"),
      referralCookie.serialize({ referral: "ABC" }),
      languageCookie.serialize("bn"),
      sessionCookie().serialize("token"),
      staffCookie().serialize("token"),
      saveDraft(draft),
    ]);
  }

  test("every cookie is Secure when PUBLIC_URL is https", async () => {
    const cookies = await serializedCookies("https://play.example.com");
    expect(cookies).toHaveLength(6);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
  });

  test("and not on a plain-http install, where the browser would drop them", async () => {
    for (const cookie of await serializedCookies("http://localhost:3000")) expect(cookie).not.toMatch(/; Secure/);
  });
});
