// The server side of what a new user ran into: the sign-up form's messages (the 18+ box's with the others), the
// password change form (one message per field, an empty form after a change) and the log-out page (guests go home).
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { getSessionPlayer } from "#app/modules/sessions/sessions.server.ts";
import { honeypotInputProps } from "#app/utils/honeypot.server.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as resetPassword from "../account/reset-password.tsx";
import * as logout from "./logout.tsx";
import * as signup from "./signup.tsx";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";

await seedDemoContent(db);

type Reply = { result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> | null } };
const reply = (data: unknown) => (data as Reply).result;

describe("/signup", () => {
  it("answers every wrong field at once, the unticked 18+ box included, with a 400", async () => {
    const honeypot = await honeypotInputProps();
    const form = {
      username: "ab",
      password: "",
      confirmPassword: "",
      currency: "BDT",
      phone: "",
      email: "not-an-email",
      [honeypot.nameFieldName]: "",
      [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom!,
    };
    const outcome = await callRoute(signup, "/signup", { form, headers: { "x-client-ip": "10.72.0.1" } });
    expect(outcome.status).toBe(400);
    expect(reply(outcome.data)?.error).toEqual({
      username: ["errors.usernameLength"],
      password: ["errors.passwordRequired"],
      confirmPassword: ["errors.confirmRequired"],
      phone: ["errors.phoneRequired"],
      email: ["errors.emailInvalid"],
      ageCheck: ["errors.ageCheck"],
    });
  });

  it("tells the page which code a referral or affiliate link was missing", async () => {
    const outcome = await callRoute(signup, "/signup?missing=affiliate_code");
    expect((outcome.data as { missingCodeType: string }).missingCodeType).toBe("affiliate_code");
    const other = await callRoute(signup, "/signup?missing=<script>");
    expect((other.data as { missingCodeType: string | null }).missingCodeType).toBeNull();
  });
});

describe("/reset-password", () => {
  const headers = { "x-client-ip": "10.72.1.1" };

  it("gives one message per field, the rule's 8-20 only, and never echoes the passwords", async () => {
    const { cookie } = await sessionFor(await signedUpPlayer("newuserpw1"));
    const outcome = await callRoute(resetPassword, "/reset-password", {
      form: { currentPassword: "Secret123", newPassword: "abc", confirmPassword: "abc" },
      cookie,
      headers,
    });
    expect(outcome.status).toBe(400);
    expect(reply(outcome.data)?.error).toEqual({ newPassword: ["errors.password8to20"] });
    expect(reply(outcome.data)?.initialValue).toEqual({});

    const mismatch = await callRoute(resetPassword, "/reset-password", {
      form: { currentPassword: "Secret123", newPassword: "abcdefgh", confirmPassword: "abcdefgh1" },
      cookie,
      headers,
    });
    expect(mismatch.status).toBe(400);
    expect(reply(mismatch.data)?.error).toEqual({ newPassword: ["errors.passwordNeedsUpper"], confirmPassword: ["errors.passwordMismatch"] });
  });

  it("answers a change with a redirect to the page itself: a fresh, empty form, and the toast", async () => {
    const { cookie } = await sessionFor(await signedUpPlayer("newuserpw2"));
    const outcome = await callRoute(resetPassword, "/reset-password", {
      form: { currentPassword: "Secret123", newPassword: "Changed2026x", confirmPassword: "Changed2026x" },
      cookie,
      headers,
    });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/reset-password");
    expect(outcome.headers.get("set-cookie")).toMatch(/^toast=/);
    expect(outcome.data).toBeNull();
  });
});

describe("/logout and /player/logout", () => {
  it("send a guest home", async () => {
    for (const path of ["/logout", "/player/logout"]) {
      const outcome = await callRoute(logout, path);
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("location")).toBe("/");
    }
  });

  it("ask a player, and log out only on the POST", async () => {
    const { cookie, token } = await sessionFor(await signedUpPlayer("newuserlo1"));
    const page = await callRoute(logout, "/player/logout", { cookie });
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ title: "Log out?" });
    expect(await getSessionPlayer(token)).toBeTruthy();

    const done = await callRoute(logout, "/logout", { method: "POST", cookie, form: {} });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    expect(await getSessionPlayer(token)).toBeFalsy();
  });
});
