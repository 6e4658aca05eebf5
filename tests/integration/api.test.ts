// The JSON API of spec section 7, called the way React Router calls a resource route: the root's auth middleware
// resolves the session into the context, then GET/HEAD/OPTIONS go to the loader and other methods to the action.
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { sliders, socialLinks } from "#app/modules/content/schema.ts";
import { MAX_BODY_BYTES } from "#app/modules/api/http.server.ts";
import { transfer } from "#app/modules/ledger/transfers.server.ts";
import { createMethodWithNumbers, depositFor, expectPaymentError } from "#app/modules/payments/test-helpers.ts";
import { findPlayerByUsername } from "#app/modules/players/players.server.ts";
import { saveBirthday } from "#app/modules/profile/birthday.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { authMiddleware, commitSessionCookie } from "#app/modules/sessions/auth.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { deleteSession, hashToken } from "#app/modules/sessions/sessions.server.ts";
import * as createPlayersRoute from "#app/routes/api/create-players.ts";
import * as generalRoute from "#app/routes/api/general.ts";
import * as loginRoute from "#app/routes/api/login.ts";
import * as logoRoute from "#app/routes/api/logo.ts";
import * as slidersRoute from "#app/routes/api/sliders.ts";
import * as socialLinkRoute from "#app/routes/api/sociallink.ts";
import * as userShowRoute from "#app/routes/api/user-show.ts";
import * as captchaRoute from "#app/routes/resources/captcha.ts";
import { captchaVisitorOf, setLiveCaptchaCode } from "#app/modules/auth/captcha.server.ts";

type Handler = (args: never) => unknown;
type RouteModule = { loader: Handler; action: Handler };

let ipCounter = 0;
/** A fresh client address per request, so per-IP login limits of one test never leak into another. */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function send(
  route: RouteModule,
  path: string,
  init: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; token?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("x-client-ip")) headers.set("x-client-ip", nextIp());
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const request = new Request(`http://localhost${path}`, { method: init.method ?? "GET", headers, body });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const args = { request, url, params: {}, context, pattern: url.pathname };
  await authMiddleware(args, async () => new Response());
  const handler = ["GET", "HEAD", "OPTIONS"].includes(request.method) ? route.loader : route.action;
  try {
    return (await handler(args as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown; // React Router answers a thrown Response as is
    throw thrown;
  }
}

const postJson = (route: RouteModule, path: string, json: unknown, extra: { headers?: Record<string, string> } = {}) =>
  send(route, path, { method: "POST", json, ...extra });

const signupPath = "/api/v1/create-players";

/** A captcha cookie whose live code is `code`, as a browser gets from GET /captcha. */
async function captchaWithCode(code: string) {
  const res = await send(captchaRoute as unknown as RouteModule, "/captcha");
  expect(res.headers.get("content-type")).toBe("image/svg+xml");
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  const visitor = await captchaVisitorOf(new Request("http://localhost/", { headers: { cookie } }));
  expect(await setLiveCaptchaCode(visitor!, code)).toBe(true);
  return cookie;
}
const validSignup = (overrides: Record<string, unknown> = {}) => ({
  username: "karim01",
  password: "Secret123",
  confirmPassword: "Secret123",
  name: "Karim Uddin",
  phone: "01711111111",
  email: "karim@example.com",
  ageCheck: true,
  ...overrides,
});

async function signup(overrides: Record<string, unknown> = {}) {
  const res = await postJson(createPlayersRoute, signupPath, validSignup(overrides));
  return { res, body: await res.json() };
}

async function login(username: string, password: string, headers?: Record<string, string>) {
  const res = await postJson(loginRoute, "/api/login", { username, password }, { headers });
  return { res, body: await res.json() };
}

beforeAll(async () => {
  await seedDemoContent(db);
  clearSiteConfigCache();
});

describe("public content", () => {
  it("GET /api/logo gives a list whose first item has the four absolute image URLs", async () => {
    const res = await send(logoRoute, "/api/logo");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toEqual([
      {
        logo: "http://localhost:3000/brand/logo.svg",
        mobile_logo: "http://localhost:3000/brand/logo-mobile.svg",
        loader_logo: "http://localhost:3000/brand/loader.svg",
        favicon: "http://localhost:3000/brand/favicon.svg",
      },
    ]);
  });

  it("GET /api/general gives site_title, support_mail, withdrawal_status and promotion_wallet", async () => {
    const body = await (await send(generalRoute, "/api/general")).json();
    expect(body).toEqual([{ site_title: "DeshPlay", support_mail: "support@deshplay.example", withdrawal_status: true, promotion_wallet: true }]);
  });

  it("GET /api/sociallink gives the active link of each platform, null for an inactive one", async () => {
    const body = await (await send(socialLinkRoute, "/api/sociallink")).json();
    expect(body).toEqual([
      {
        whatsapp: "https://wa.me/8801700000000",
        facebook: "https://www.facebook.com/deshplay.example",
        telegram: "https://t.me/deshplay_example",
        email: "mailto:support@deshplay.example",
      },
    ]);
    await db.update(socialLinks).set({ status: "inactive" }).where(eq(socialLinks.platform, "telegram"));
    try {
      const [entry] = await (await send(socialLinkRoute, "/api/sociallink")).json();
      expect(entry.telegram).toBeNull();
      expect(entry.whatsapp).toBe("https://wa.me/8801700000000");
    } finally {
      await db.update(socialLinks).set({ status: "active" }).where(eq(socialLinks.platform, "telegram"));
    }
  });

  it("GET /api/sliders lists the active sliders with the spec's fields (thubmnail sic) and both titles", async () => {
    const res = await send(slidersRoute, "/api/sliders");
    expect(res.status).toBe(200);
    const body: Array<Record<string, unknown>> = await res.json();
    expect(body).toHaveLength(11);
    for (const s of body) {
      expect(Object.keys(s).sort()).toEqual(["id", "link", "slider_type", "status", "thubmnail", "title", "title_bn"]);
      expect(s.status).toBe("active");
      expect(["Main", "Favourite", "Features"]).toContain(s.slider_type);
      expect(s.thubmnail).toMatch(/^http:\/\/localhost:3000\/demo\//);
    }
    expect(body.filter((s) => s.slider_type === "Main")).toHaveLength(4);
    expect(body).toContainEqual({
      id: expect.any(Number),
      status: "active",
      slider_type: "Main",
      link: "/signup",
      thubmnail: "http://localhost:3000/demo/banners/banner-1.svg",
      title: "Welcome bonus 100% on your first deposit",
      title_bn: "প্রথম ডিপোজিটে 100% স্বাগত বোনাস",
    });

    await db.update(sliders).set({ status: "inactive" }).where(eq(sliders.thumbnail, "/demo/banners/banner-1.svg"));
    try {
      const after: Array<{ thubmnail: string }> = await (await send(slidersRoute, "/api/sliders")).json();
      expect(after).toHaveLength(10);
      expect(after.some((s) => s.thubmnail.endsWith("banner-1.svg"))).toBe(false);
    } finally {
      await db.update(sliders).set({ status: "active" }).where(eq(sliders.thumbnail, "/demo/banners/banner-1.svg"));
    }
  });
});

describe("methods and bodies", () => {
  const getOnly = [logoRoute, generalRoute, socialLinkRoute, slidersRoute, userShowRoute] as const;
  const postOnly = [loginRoute, createPlayersRoute] as const;

  it("answers a wrong method with 405, an Allow header and a JSON message", async () => {
    for (const route of getOnly) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const res = await send(route, "/api/x", { method });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect((await res.json()).message).toBe(`The ${method} method is not supported for this route. Supported methods: GET, HEAD, OPTIONS.`);
      }
    }
    for (const route of postOnly) {
      for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
        const res = await send(route, "/api/x", { method });
        expect(res.status).toBe(405);
        expect(res.headers.get("allow")).toBe("POST, OPTIONS");
      }
    }
  });

  it("answers OPTIONS with 204 and Allow, and HEAD like GET", async () => {
    const options = await send(loginRoute, "/api/login", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await send(logoRoute, "/api/logo", { method: "OPTIONS" })).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await send(logoRoute, "/api/logo", { method: "HEAD" })).status).toBe(200);
  });

  it("answers a malformed or non-object JSON body with 400, never a 500", async () => {
    for (const route of postOnly) {
      const bad = await send(route, "/api/x", { method: "POST", body: '{"username": "demo",', headers: { "content-type": "application/json" } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: "The request body is not valid JSON." });
      const list = await postJson(route, "/api/x", ["demo", "Demo1234"]);
      expect(list.status).toBe(400);
      expect(await list.json()).toEqual({ message: "The request body must be a JSON object." });
      const nul = await send(route, "/api/x", { method: "POST", body: "null", headers: { "content-type": "application/json" } });
      expect(nul.status).toBe(400);
    }
  });

  it("refuses other media types (415) and bodies over the size limit (413)", async () => {
    const xml = await send(loginRoute, "/api/login", { method: "POST", body: "<login/>", headers: { "content-type": "application/xml" } });
    expect(xml.status).toBe(415);
    // What a page on another site can send without a preflight: text/plain, or a body with no type at all.
    const json = JSON.stringify({ username: "demo", password: "Demo1234" });
    const plain = await send(loginRoute, "/api/login", { method: "POST", body: json, headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ message: "Send the body as JSON or as form data." });
    const untyped = await send(loginRoute, "/api/login", { method: "POST", body: new TextEncoder().encode(json) });
    expect(untyped.status).toBe(415);
    const huge = await postJson(loginRoute, "/api/login", { username: "demo", password: "x".repeat(MAX_BODY_BYTES) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe("The request body is too large.");
  });
});

describe("POST /api/login", () => {
  it("gives the spec's messages per field with 422", async () => {
    const empty = await postJson(loginRoute, "/api/login", {});
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      message: "Username is required",
      errors: { username: ["Username is required"], password: ["Password is required"] },
    });

    const bad = await login("bad name!", "short");
    expect(bad.res.status).toBe(422);
    expect(bad.body.errors).toEqual({
      username: ["Invalid username (only letters and numbers)"],
      password: ["Password must be at least 8 characters"],
    });

    const blank = await postJson(loginRoute, "/api/login", { username: "   ", password: "" });
    expect((await blank.json()).errors).toEqual({ username: ["Username is required"], password: ["Password is required"] });

    const wrongType = await postJson(loginRoute, "/api/login", { username: true, password: { a: 1 } });
    expect(wrongType.status).toBe(422);
    expect((await wrongType.json()).errors).toEqual({ username: ["This value is not valid."], password: ["This value is not valid."] });
  });

  it("logs in with JSON: token, remote_id, username and exchange[0].token; no cookie", async () => {
    const demo = await findPlayerByUsername("demo");
    const { res, body } = await login("DEMO", "Demo1234");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), remote_id: demo!.id, username: "demo", exchange: [{ token: body.token }] });
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(body.token)));
    expect(row?.playerId).toBe(demo!.id);
  });

  it("logs in with urlencoded and multipart form data", async () => {
    const urlencoded = await send(loginRoute, "/api/login", {
      method: "POST",
      body: new URLSearchParams({ username: "demo", password: "Demo1234" }),
    });
    expect(urlencoded.status).toBe(200);
    const form = new FormData();
    form.set("username", "demo");
    form.set("password", "Demo1234");
    const multipart = await send(loginRoute, "/api/login", { method: "POST", body: form });
    expect(multipart.status).toBe(200);
    expect((await multipart.json()).username).toBe("demo");
  });

  it("answers a wrong password and an unknown user alike: 401 Invalid credentials", async () => {
    const wrong = await login("demo", "Wrong1234");
    expect(wrong.res.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid credentials" });
    const unknown = await login("nobody77", "Wrong1234");
    expect(unknown.res.status).toBe(401);
    expect(unknown.body).toEqual({ message: "Invalid credentials" });
  });

  it("limits sign-ups per address: 50 at once from one address create exactly 30 players, the rest get 429", async () => {
    const headers = { "x-client-ip": "198.51.100.77" };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(
          createPlayersRoute,
          signupPath,
          validSignup({ username: `burst${i}x`, email: `burst${i}@example.com`, phone: `0171${String(i).padStart(7, "0")}` }),
          { headers },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    expect(await refused[0]!.json()).toEqual({ message: "Too many sign-ups from this network. Please try again in 60 minutes." });
    expect(refused[0]!.headers.get("retry-after")).toBe("3600");
  });

  it("limits a username from one address after 5 failures (429 with Retry-After), but not its owner elsewhere", async () => {
    expect((await signup({ username: "limited01", email: "limited@example.com" })).res.status).toBe(201);
    const attacker = { "x-client-ip": "203.0.113.9" };
    for (let i = 0; i < 5; i++) expect((await login("limited01", "Wrong1234", attacker)).res.status).toBe(401);
    const locked = await login("limited01", "Secret123", attacker);
    expect(locked.res.status).toBe(429);
    expect(locked.body).toEqual({ message: "Too many failed log-in attempts. Please try again in 15 minutes." });
    expect(locked.res.headers.get("retry-after")).toBe("900");
    // A stranger's guesses never lock the real owner out.
    expect((await login("limited01", "Secret123")).res.status).toBe(200);
  });

  it("slows an address after 30 failures across usernames, but never refuses a right password from it (players share carrier addresses)", async () => {
    const headers = { "x-client-ip": "203.0.113.7" };
    for (let i = 0; i < 32; i++) expect((await login(`spray${i}`, "Wrong1234", headers)).res.status).toBe(401);
    expect((await login("demo", "Demo1234", headers)).res.status).toBe(200);
    expect((await login("demo", "Demo1234")).res.status).toBe(200);
  });

  it("refuses a blocked player with 403", async () => {
    await signup({ username: "blocked01", email: "b@example.com" });
    await db.update(players).set({ status: "blocked" }).where(eq(players.username, "blocked01"));
    const { res, body } = await login("blocked01", "Secret123");
    expect(res.status).toBe(403);
    expect(body).toEqual({ message: "This account is blocked. Please contact support." });
  });
});

describe("POST /api/v1/create-players", () => {
  it("creates an active BDT player and answers 201 with remote_id and username", async () => {
    const { res, body } = await signup({ username: "Rahim01", email: "Rahim@Example.com" });
    expect(res.status).toBe(201);
    const row = await findPlayerByUsername("rahim01");
    expect(body).toEqual({ success: true, message: "Registration Successful!", data: { remote_id: row!.id, username: "Rahim01" } });
    expect(row).toMatchObject({
      currency: "BDT",
      status: "active",
      name: "Karim Uddin",
      phone: "01711111111",
      email: "rahim@example.com",
      referredById: null,
    });
    expect((await login("rahim01", "Secret123")).res.status).toBe(200);
  });

  it("gives every sign-up message under the client's field names", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ username: "" }, { username: ["Username is required"] }],
      [{ username: "bad_name" }, { username: ["Invalid username (only letters and numbers)"] }],
      [{ username: "abc" }, { username: ["Username must be 4-15 letters or numbers"] }],
      [{ username: "a".repeat(16) }, { username: ["Username must be 4-15 letters or numbers"] }],
      [
        { password: "", confirmPassword: "" },
        { password: ["Password is required"], confirmPassword: ["Confirm Password is required"] },
      ],
      [{ password: "Short1", confirmPassword: "Short1" }, { password: ["Password must be at least 8 characters"] }],
      [{ password: "A1".repeat(11), confirmPassword: "A1".repeat(11) }, { password: ["Password must be at most 20 characters"] }],
      [
        { password: "Secret12$", confirmPassword: "Secret12$" },
        { password: ["Password can only contain letters and numbers (no special characters)"] },
      ],
      [{ confirmPassword: "Secret124" }, { confirmPassword: ["Passwords do not match"] }],
      [{ email: "" }, { email: ["Email is required"] }],
      [{ email: "karim@example" }, { email: ["Invalid email address"] }],
      [{ phone: "" }, { phone: ["Phone number is required"] }],
      [{ phone: "01711" }, { phone: ["Invalid phone number (10-15 digits)"] }],
      [{ phone: "+8801711111111" }, { phone: ["Invalid phone number (10-15 digits)"] }],
      [{ currency: "USD" }, { currency: ["Please choose BDT, INR or PKR"] }],
      [{ name: "N".repeat(101) }, { name: ["Full name can be at most 100 characters"] }],
      [{ referral_code: "X".repeat(21) }, { referral_code: ["Referral code not found"] }],
      [{ ageCheck: false }, { ageCheck: ["You must confirm that you are 18 years old."] }],
      [{ ageCheck: undefined, age_check: "0" }, { age_check: ["You must confirm that you are 18 years old."] }],
      [{ phone: undefined, phoneNumber: "" }, { phoneNumber: ["Phone number is required"] }],
      [{ name: undefined, realName: "N".repeat(101) }, { realName: ["Full name can be at most 100 characters"] }],
      [{ friendReferCode: "X".repeat(21) }, { friendReferCode: ["Referral code not found"] }],
      [{ callingCode: "1" }, { callingCode: ["Please choose a country code"] }],
      [{ callingCode: "91" }, { callingCode: ["Please choose a country code"] }], // a BDT account takes 880
      [{ username: 12345 }, {}], // a number is read as its digits: valid
    ];
    for (const [overrides, errors] of cases) {
      const { res, body } = await signup({ email: `case${ipCounter}@example.com`, username: `case${ipCounter}`, ...overrides });
      if (Object.keys(errors).length === 0) {
        expect(res.status, JSON.stringify(overrides)).toBe(201);
        continue;
      }
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(body.errors, JSON.stringify(overrides)).toEqual(errors);
      expect(body.message).toBe(Object.values(errors)[0]![0]);
    }
  });

  it("lists every missing field of an empty body once, with the spec's texts", async () => {
    const res = await postJson(createPlayersRoute, signupPath, {});
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
      confirmPassword: ["Confirm Password is required"],
      phone: ["Phone number is required"],
      email: ["Email is required"],
    });
  });

  it("creates a player from the spec's exact payload, without the 18+ declaration: no birthday yet, so no deposit", async () => {
    const res = await postJson(createPlayersRoute, signupPath, {
      username: "specpay01",
      password: "Secret123",
      confirmPassword: "Secret123",
      name: "Spec Payload",
      phone: "01722222222",
      email: "specpay01@example.com",
      referral_code: "",
      currency: "BDT",
      status: "active",
    });
    expect(res.status).toBe(201);
    const row = await findPlayerByUsername("specpay01");
    expect((await res.json()).data).toEqual({ remote_id: row!.id, username: "specpay01" });
    expect(row).toMatchObject({ currency: "BDT", status: "active", name: "Spec Payload", callingCode: "880", birthday: null });
  });

  it("refuses an 18+ declaration that is sent but not given, under the name it was sent as", async () => {
    const message = ["You must confirm that you are 18 years old."];
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ ageCheck: false }, { ageCheck: message }],
      [{ ageCheck: "0" }, { ageCheck: message }],
      [{ ageCheck: 0 }, { ageCheck: message }],
      [{ ageCheck: "" }, { ageCheck: message }],
      [{ ageCheck: "off" }, { ageCheck: message }],
      [{ ageCheck: undefined, age_check: "false" }, { age_check: message }],
    ];
    for (const [i, [overrides, errors]] of cases.entries()) {
      const { res, body } = await signup({ username: `minor0${i}`, email: `minor0${i}@example.com`, ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(body).toEqual({ message: message[0], errors });
      expect(await findPlayerByUsername(`minor0${i}`)).toBeUndefined();
    }
  });

  it("accepts the two-step form's names: realName, callingCode, phoneNumber, friendReferCode, currencyType, captcha", async () => {
    const cookie = await captchaWithCode("5038");
    const res = await postJson(
      createPlayersRoute,
      signupPath,
      {
        username: "twostep01",
        password: "Secret123",
        confirmPassword: "Secret123",
        currencyType: 8,
        friendReferCode: "demo2026",
        realName: "Two Step",
        callingCode: "880",
        phoneNumber: "01733333333",
        email: "twostep01@example.com",
        captcha: "5038",
        ageCheck: true,
      },
      { headers: { cookie } },
    );
    expect(res.status).toBe(201);
    const demo = await findPlayerByUsername("demo");
    expect(await findPlayerByUsername("twostep01")).toMatchObject({
      currency: "BDT",
      name: "Two Step",
      callingCode: "880",
      phone: "01733333333",
      referredById: demo!.id,
    });

    // The calling code of the currency's country is kept; "+880" is 880.
    expect((await signup({ username: "twostep02", currency: "INR", callingCode: "91" })).res.status).toBe(201);
    expect(await findPlayerByUsername("twostep02")).toMatchObject({ currency: "INR", callingCode: "91" });
    expect((await signup({ username: "twostep03", callingCode: "+880" })).res.status).toBe(201);
    expect(await findPlayerByUsername("twostep03")).toMatchObject({ currency: "BDT", callingCode: "880" });
  });

  it("requires the captcha of the client's last image when the two-step names are sent; the spec's payload needs none", async () => {
    const twoStep = (username: string, extra: Record<string, unknown>) => ({
      username,
      password: "Secret123",
      confirmPassword: "Secret123",
      realName: "Two Step",
      phoneNumber: "01733333334",
      email: `${username}@example.com`,
      ...extra,
    });
    const missing = await postJson(createPlayersRoute, signupPath, twoStep("capt01", {}));
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ captcha: ["Enter the code from the image"] });
    const noCookie = await postJson(createPlayersRoute, signupPath, twoStep("capt01", { captcha: "1234" }));
    expect((await noCookie.json()).errors).toEqual({ captcha: ["The code is wrong or expired. Try the new one."] });

    const cookie = await captchaWithCode("7401");
    const wrong = await postJson(createPlayersRoute, signupPath, twoStep("capt01", { captcha: "7400" }), { headers: { cookie } });
    expect(wrong.status).toBe(422);
    // The wrong guess used the code: the right one no longer works either.
    const spent = await postJson(createPlayersRoute, signupPath, twoStep("capt01", { captcha: "7401" }), { headers: { cookie } });
    expect(spent.status).toBe(422);
    expect(await findPlayerByUsername("capt01")).toBeUndefined();

    const fresh = await captchaWithCode("2222");
    const right = await postJson(createPlayersRoute, signupPath, twoStep("capt01", { captcha: 2222 }), { headers: { cookie: fresh } });
    expect(right.status).toBe(201);
    expect((await signup({ username: "capt02", email: "capt02@example.com" })).res.status).toBe(201);
  });

  it("refuses the first deposit of a player created without the 18+ declaration until they give an adult birthday", async () => {
    const res = await postJson(createPlayersRoute, signupPath, {
      username: "nobday01",
      password: "Secret123",
      confirmPassword: "Secret123",
      name: "No Birthday",
      phone: "01744444444",
      email: "nobday01@example.com",
      currency: "BDT",
    });
    expect(res.status).toBe(201);
    const id = (await res.json()).data.remote_id as number;
    const ctx = await createMethodWithNumbers();
    await expectPaymentError(depositFor(id, ctx), "verification_needed", "payments.errors.birthdayNeeded");

    expect(await saveBirthday(id, "2000-01-01")).toMatchObject({ ok: true });
    const deposit = await depositFor(id, ctx);
    expect(deposit).toMatchObject({ playerId: id, status: "pending" });
  });

  it("refuses a username taken in any letter case", async () => {
    expect((await signup({ username: "Taken01" })).res.status).toBe(201);
    const { res, body } = await signup({ username: "tAKEN01", email: "other@example.com" });
    expect(res.status).toBe(422);
    expect(body).toEqual({ message: "This username is already taken", errors: { username: ["This username is already taken"] } });
  });

  it("links a known referral code and refuses an unknown one under referral_code", async () => {
    const unknown = await signup({ username: "referred01", referral_code: "NOPE2345" });
    expect(unknown.res.status).toBe(422);
    expect(unknown.body.errors).toEqual({ referral_code: ["Referral code not found"] });
    expect(await findPlayerByUsername("referred01")).toBeUndefined();

    const known = await signup({ username: "referred01", referral_code: "demo2026" });
    expect(known.res.status).toBe(201);
    const demo = await findPlayerByUsername("demo");
    expect((await findPlayerByUsername("referred01"))?.referredById).toBe(demo!.id);

    const empty = await signup({ username: "referred02", referral_code: "" });
    expect(empty.res.status).toBe(201);
  });

  it('accepts the 18+ declaration as ageCheck or age_check: true, 1, "1", "on", "true"', async () => {
    const values: Array<[string, unknown]> = [
      ["ageCheck", true],
      ["age_check", 1],
      ["age_check", "1"],
      ["ageCheck", "on"],
      ["age_check", "true"],
    ];
    for (const [i, [name, value]] of values.entries()) {
      const { res } = await signup({ username: `adult0${i}`, ageCheck: undefined, [name]: value });
      expect(res.status, `${name}=${JSON.stringify(value)}`).toBe(201);
    }
  });

  it("accepts form data as the browser would post it", async () => {
    const form = new URLSearchParams({ ...validSignup({ username: "formuser1" }), ageCheck: "on", referral_code: "" } as Record<string, string>);
    const res = await send(createPlayersRoute, signupPath, { method: "POST", body: form });
    expect(res.status).toBe(201);
  });

  it("takes the currency as a code in any case or as the original site's id; default BDT", async () => {
    await signup({ username: "inr01", currency: "inr" });
    await signup({ username: "pkr01", currency: 17 });
    await signup({ username: "bdt01", currency: "" });
    expect((await findPlayerByUsername("inr01"))?.currency).toBe("INR");
    expect((await findPlayerByUsername("pkr01"))?.currency).toBe("PKR");
    expect((await findPlayerByUsername("bdt01"))?.currency).toBe("BDT");
  });

  it("ignores status and any other field a client adds: no blocked, verified or privileged sign-ups", async () => {
    const { res } = await signup({
      username: "sneaky01",
      status: "blocked",
      role: "admin",
      is_admin: true,
      id: 1,
      referralCode: "MINE2345",
      referred_by_id: 1,
      phoneVerifiedAt: "2026-01-01T00:00:00Z",
      emailVerifiedAt: "2026-01-01T00:00:00Z",
      balance: "99999.00",
    });
    expect(res.status).toBe(201);
    const row = await findPlayerByUsername("sneaky01");
    expect(row).toMatchObject({ status: "active", referredById: null, phoneVerifiedAt: null, emailVerifiedAt: null });
    expect(row?.id).not.toBe(1);
    expect(row?.referralCode).not.toBe("MINE2345");
    const { body } = await login("sneaky01", "Secret123");
    const me = await (await send(userShowRoute, "/api/user/show", { token: body.token })).json();
    // Demo mode (the seed's): the play-money starting balance, not the 99999.00 the client sent.
    expect(me).toMatchObject({ security_level: "unverified", session_id: "0", balance: "10000.00" });

    const active = await signup({ username: "sneaky02", status: "active" });
    expect(active.res.status).toBe(201);
    expect((await findPlayerByUsername("sneaky02"))?.status).toBe("active");
  });
});

describe("GET /api/user/show", () => {
  let token: string;
  let id: number;
  beforeAll(async () => {
    await signup({ username: "shown01", email: "shown@example.com", currency: "PKR" });
    token = (await login("shown01", "Secret123")).body.token;
    id = (await findPlayerByUsername("shown01"))!.id;
  });

  it("gives the bearer's own player in the spec's fields", async () => {
    const res = await send(userShowRoute, "/api/user/show", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const row = await findPlayerByUsername("shown01");
    expect(await res.json()).toEqual({
      username: "shown01",
      id,
      vip_coin: 0,
      vip_level: "Normal",
      name: "Karim Uddin",
      calling_code: "880",
      phone: "01711111111",
      email: "shown@example.com",
      created_at: row!.createdAt.toISOString(),
      dofb: null,
      session_id: "0",
      phone_verified_at: null,
      email_verified_at: null,
      last_login_at: row!.lastLoginAt!.toISOString(),
      referral_code: row!.referralCode,
      status: "active",
      balance: "10000.00", // demo mode's starting balance
      currency: "PKR",
      security_level: "unverified",
    });
  });

  it("reports the main wallet's available balance from the ledger", async () => {
    const read = async () => (await (await send(userShowRoute, "/api/user/show", { token })).json()).balance as string;
    const before = await read();
    await transfer({
      key: `test:user-show:${id}`,
      debit: "house:adjustments",
      credit: `player:${id}:main`,
      amount: 123_456n,
      currency: "PKR",
      kind: "adjustment",
    });
    expect(Math.round(Number(await read()) * 100) - Math.round(Number(before) * 100)).toBe(123_456);
  });

  it('reflects a verified phone (session_id "1"), the birthday and the security level', async () => {
    await db.update(players).set({ phoneVerifiedAt: new Date(), birthday: "1995-04-14" }).where(eq(players.id, id));
    const me = await (await send(userShowRoute, `/api/user/show?remote_id=${id}`, { token })).json();
    expect(me).toMatchObject({ session_id: "1", dofb: "1995-04-14", security_level: "normal" });
    await db.update(players).set({ emailVerifiedAt: new Date() }).where(eq(players.id, id));
    expect((await (await send(userShowRoute, "/api/user/show", { token })).json()).security_level).toBe("safe");
  });

  it("refuses a remote_id of another player with 403 and none of their data", async () => {
    const demo = await findPlayerByUsername("demo");
    for (const remoteId of [String(demo!.id), `${id}0`, "abc", `0${id}`]) {
      const res = await send(userShowRoute, `/api/user/show?remote_id=${remoteId}`, { token });
      expect(res.status, remoteId).toBe(403);
      expect(await res.json()).toEqual({ message: "This action is unauthorized." });
    }
  });

  it("answers 401 Unauthenticated. without a token or with a bad one", async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer " },
      { authorization: "Bearer nonsense" },
      { authorization: "Basic ZGVtbzpEZW1vMTIzNA==" },
      { authorization: `Bearer ${"x".repeat(500)}` },
    ];
    for (const headers of variants) {
      const res = await send(userShowRoute, "/api/user/show", { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it("answers 401 for an expired token, a logged-out token and a blocked player's token", async () => {
    const expired = (await login("shown01", "Secret123")).body.token as string;
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, hashToken(expired)));
    expect((await send(userShowRoute, "/api/user/show", { token: expired })).status).toBe(401);

    const loggedOut = (await login("shown01", "Secret123")).body.token as string;
    expect((await send(userShowRoute, "/api/user/show", { token: loggedOut })).status).toBe(200);
    await deleteSession(loggedOut);
    expect((await send(userShowRoute, "/api/user/show", { token: loggedOut })).status).toBe(401);

    await signup({ username: "tobeblocked", email: "tbb@example.com" });
    const blockedToken = (await login("tobeblocked", "Secret123")).body.token as string;
    await db.update(players).set({ status: "blocked" }).where(eq(players.username, "tobeblocked"));
    expect((await send(userShowRoute, "/api/user/show", { token: blockedToken })).status).toBe(401);
  });

  it("ignores the site's session cookie: another site's page could make the browser send it", async () => {
    const cookie = (await commitSessionCookie(token)).split(";")[0]!;
    const res = await send(userShowRoute, "/api/user/show", { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  });
});
