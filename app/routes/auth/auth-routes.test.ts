// The log-in and sign-up forms under their limits: a 429 with the message and minutes, per address.
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { seedDemoContent } from "#app/db/seed.server.ts";
import { createPlayer, MAX_SIGNUPS_PER_IP } from "#app/modules/players/players.server.ts";
import { MAX_FAILURES_PER_USER_AND_IP } from "#app/modules/players/rate-limit.server.ts";
import { signupSchema } from "#app/modules/players/validation.ts";
import { honeypotInputProps } from "#app/utils/honeypot.server.ts";
import { callRoute } from "#tests/support/route-call.ts";
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
});
