// The log-in and sign-up forms under their limits: a 429 with the message and minutes, per address.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/startup/seed.server.ts";
import { createPlayer, MAX_SIGNUPS_PER_IP } from "#app/modules/players/players.server.ts";
import { ADDRESS_SLOW_AFTER, MAX_FAILURES_PER_USER_AND_IP } from "#app/modules/players/rate-limit.server.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { signupSchema } from "#app/modules/players/validation.ts";
import { honeypotInputProps } from "#app/utils/honeypot.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import * as forgot from "./forgot-password.tsx";
import * as login from "./login.tsx";
import * as signup from "./signup.tsx";

await seedDemoContent(db);

const formErrors = (data: unknown) => (data as { result?: { error?: Record<string, string[]> } }).result?.error?.[""] ?? [];

async function signupForm(username: string) {
  const honeypot = await honeypotInputProps();
  return {
    username,
    password: "Secret123",
    confirmPassword: "Secret123",
    currency: "BDT",
    phone: "01711111111",
    email: `${username}@example.com`,
    ageCheck: "on",
    [honeypot.nameFieldName]: "",
    [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom!,
  };
}

describe("/signup", () => {
  it(`50 parallel sign-ups from one address: ${MAX_SIGNUPS_PER_IP} accounts, then 429 with the minutes to wait`, async () => {
    const headers = { "x-client-ip": "10.70.0.1" };
    const forms = await Promise.all(Array.from({ length: 50 }, (_, i) => signupForm(`route${i}`)));
    const outcomes = await Promise.all(forms.map((form) => callRoute(signup, "/signup", { form, headers })));
    expect(outcomes.filter((o) => o.status === 302)).toHaveLength(MAX_SIGNUPS_PER_IP);
    const refused = outcomes.filter((o) => o.status === 429);
    expect(refused).toHaveLength(50 - MAX_SIGNUPS_PER_IP);
    expect(formErrors(refused[0]!.data).map(inEnglish)).toEqual(["Too many sign-ups from this network. Please try again in 60 minutes."]);
    const elsewhere = await callRoute(signup, "/signup", { form: await signupForm("route99"), headers: { "x-client-ip": "10.70.0.2" } });
    expect(elsewhere.status).toBe(302);
  });
});

describe("/login", () => {
  it("locks the username at the guessing address only; the owner logs in from another", async () => {
    const created = await createPlayer(
      signupSchema.parse({
        username: "routeowner",
        password: "Secret123",
        confirmPassword: "Secret123",
        phone: "01711111111",
        email: "ro@example.com",
        ageCheck: "on",
      }),
    );
    expect(created.ok).toBe(true);
    const stranger = { "x-client-ip": "10.71.0.1" };
    const wrong = await Promise.all(
      Array.from({ length: 20 }, () => callRoute(login, "/login", { form: { username: "routeowner", password: "Wrong1234" }, headers: stranger })),
    );
    expect(wrong.filter((o) => o.status === 401)).toHaveLength(MAX_FAILURES_PER_USER_AND_IP);
    expect(wrong.filter((o) => o.status === 429)).toHaveLength(20 - MAX_FAILURES_PER_USER_AND_IP);
    const locked = await callRoute(login, "/login", { form: { username: "routeowner", password: "Secret123" }, headers: stranger });
    expect(locked.status).toBe(429);
    expect(formErrors(locked.data).map(inEnglish)).toEqual(["Too many failed log-in attempts. Please try again in 15 minutes."]);
    const owner = await callRoute(login, "/login", {
      form: { username: "routeowner", password: "Secret123" },
      headers: { "x-client-ip": "10.71.0.2" },
    });
    expect(owner.status).toBe(302);
  });

  it("never refuses a right password for its address: after 30+ wrong log-ins from it (any usernames) a player there logs in", async () => {
    await signedUpPlayer("carrier01");
    const carrier = { "x-client-ip": "10.72.0.1" };
    for (let i = 0; i < ADDRESS_SLOW_AFTER + 3; i++) {
      const wrong = await callRoute(login, "/login", { form: { username: `someone${i}`, password: "Wrong1234" }, headers: carrier });
      expect(wrong.status).toBe(401);
    }
    const right = await callRoute(login, "/login", { form: { username: "carrier01", password: "Secret123" }, headers: carrier });
    expect(right.status).toBe(302);
    expect(right.headers.get("set-cookie")).toMatch(/^sid=/);
  });
});

describe("/forgot-password?tab=sms", () => {
  it("three requests naming the player with other phones, from three addresses, leave the owner's own request its code", async () => {
    await signedUpPlayer("resetvictim");
    const honeypot = await honeypotInputProps();
    const form = (phone: string) => ({
      channel: "sms",
      username: "resetvictim",
      callingCode: "880",
      phone,
      robot: "on",
      [honeypot.nameFieldName]: "",
      [honeypot.validFromFieldName!]: honeypot.encryptedValidFrom!,
    });
    for (const [i, phone] of ["01811111111", "01922222222", "01633333333"].entries()) {
      const out = await callRoute(forgot, "/forgot-password?tab=sms", { form: form(phone), headers: { "x-client-ip": `10.73.0.${i + 1}` } });
      expect(out.status).toBe(302);
    }
    expect(await listMessagesTo("+8801711111111")).toHaveLength(0);
    const owner = await callRoute(forgot, "/forgot-password?tab=sms", { form: form("01711111111"), headers: { "x-client-ip": "10.73.1.1" } });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/forgot-password/code?username=resetvictim&sent=1");
    expect(await listMessagesTo("+8801711111111")).toHaveLength(1);
  });
});
