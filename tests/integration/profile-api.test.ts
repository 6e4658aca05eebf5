// The profile calls of the JSON API (spec section 7) and the /profile page's form posts, through the real route
// modules behind the root middleware: shapes, the same rules as the module, and another player's data unreachable.
import { describe, expect, it } from "vitest";
import { listMessagesTo } from "#app/modules/outbox/outbox.server.ts";
import { findPlayerById } from "#app/modules/players/players.server.ts";
import { signedUpPlayer } from "#app/modules/players/test-helpers.ts";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { eq } from "drizzle-orm";
import * as addNumber from "#app/routes/api/add-number.ts";
import * as addSend from "#app/routes/api/add-send-verification-code.ts";
import * as addVerify from "#app/routes/api/add-verify-phone-number.ts";
import * as otherPhone from "#app/routes/api/get-other-phone.ts";
import * as sendCode from "#app/routes/api/send-verification-code.ts";
import * as profileUpdate from "#app/routes/api/user-profile-update.ts";
import * as userShow from "#app/routes/api/user-show.ts";
import * as verifyPhone from "#app/routes/api/verify-phone-number.ts";
import * as profilePage from "#app/routes/account/profile.tsx";
import { vipReady } from "#app/modules/vip/test-helpers.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";

let seq = 0;
async function playerWithPhone() {
  seq++;
  const p = await signedUpPlayer(`papi${process.pid % 10000}n${seq}`);
  const phone = `016${String(process.pid % 1000).padStart(3, "0")}${String(seq).padStart(5, "0")}`;
  await db.update(players).set({ phone }).where(eq(players.id, p.id));
  const { token, cookie } = await sessionFor(p);
  return { ...p, phone, token, cookie, address: `+880${phone.slice(1)}` };
}

async function lastCode(address: string) {
  return /\b(\d{6})\b/.exec((await listMessagesTo(address)).at(-1)!.body)![1]!;
}

describe("main phone over the API", () => {
  it("sends a code, verifies it, and /api/user/show then says session_id '1'", async () => {
    const p = await playerWithPhone();
    const sent = await callRoute(sendCode, "/api/send-verification-code", { token: p.token, json: { phone: p.phone } });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ success: true, message: `A verification code was sent to +88 ${p.phone}.`, resend_in: 300 });
    const again = await callRoute(sendCode, "/api/send-verification-code", { token: p.token, json: { phone: p.phone } });
    expect(again.status).toBe(429);
    expect(again.data).toMatchObject({ success: false, resend_in: expect.any(Number) });

    const bad = await callRoute(verifyPhone, "/api/verify-phone-number", { token: p.token, json: { verification_code: "12" } });
    expect(bad.status).toBe(422);
    expect(bad.data).toMatchObject({ success: false, errors: { verification_code: ["The code has 6 digits."] } });

    const code = await lastCode(p.address);
    const verified = await callRoute(verifyPhone, "/api/verify-phone-number", { token: p.token, json: { verification_code: code } });
    expect(verified.status).toBe(200);
    expect(verified.data).toEqual({ success: true, message: "Your phone number is verified." });
    const me = await callRoute(userShow, "/api/user/show", { token: p.token });
    expect(me.data).toMatchObject({ session_id: "1", vip_coin: 0, vip_level: "Normal", security_level: "normal", dofb: null });
  });

  it("refuses a number that is not the player's own, another player's remote_id, and a missing token", async () => {
    const p = await playerWithPhone();
    const other = await callRoute(sendCode, "/api/send-verification-code", { token: p.token, json: { phone: "01999999999" } });
    expect(other.status).toBe(422);
    expect(other.data).toMatchObject({ message: "This is not your registered phone number." });
    const forbidden = await callRoute(profileUpdate, "/api/user/profile/update", {
      token: p.token,
      json: { remote_id: p.id + 1, dofb: "1990-01-01" },
    });
    expect(forbidden.status).toBe(403);
    const anonymous = await callRoute(otherPhone, "/api/get/other/phone");
    expect(anonymous.status).toBe(401);
    const wrongMethod = await callRoute(otherPhone, "/api/get/other/phone", { token: p.token, method: "POST" });
    expect(wrongMethod.status).toBe(405);
  });

  it("50 parallel sends through the API deliver one code", async () => {
    const p = await playerWithPhone();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => callRoute(sendCode, "/api/send-verification-code", { token: p.token, json: {} })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(49);
    expect(await listMessagesTo(p.address)).toHaveLength(1);
  });
});

describe("birthday over the API", () => {
  it("saves dofb once; under 18 only once confirmed, and that blocks the account", async () => {
    const p = await playerWithPhone();
    const young = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: { remote_id: p.id, dofb: "2020-01-01" } });
    expect(young.status).toBe(409);
    expect(young.data).toMatchObject({ success: false, errors: { dofb: [expect.stringContaining("your account will be blocked")] } });
    expect((await findPlayerById(p.id))!.birthday).toBeNull();
    const invalid = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: { dofb: "1990-13-01" } });
    expect(invalid.status).toBe(422);
    const saved = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: { remote_id: p.id, dofb: "1990-05-06" } });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ success: true, message: "Your birthday was saved.", dofb: "1990-05-06" });
    const twice = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: { dofb: "1991-05-06" } });
    expect(twice.status).toBe(409);
    expect((await findPlayerById(p.id))!.birthday).toBe("1990-05-06");
  });

  it("a confirmed under-18 dofb blocks the account and ends the token", async () => {
    const p = await playerWithPhone();
    const body = { remote_id: p.id, dofb: "2015-01-01", confirm_underage: 1 };
    const blocked = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: body });
    expect(blocked.status).toBe(200);
    expect(blocked.data).toMatchObject({ success: true, blocked: true, dofb: "2015-01-01" });
    expect((await findPlayerById(p.id))!.status).toBe("blocked");
    const after = await callRoute(profileUpdate, "/api/user/profile/update", { token: p.token, json: { dofb: "1990-01-01" } });
    expect(after.status).toBe(401);
  });
});

describe("extra phones over the API", () => {
  it("adds up to two, sends and verifies a code, lists them; another player's number is not reachable", async () => {
    const p = await playerWithPhone();
    const q = await playerWithPhone();
    const first = `015${p.phone.slice(3)}`;
    const second = `014${p.phone.slice(3)}`;
    const added = await callRoute(addNumber, "/api/add/number", { token: p.token, json: { phone: first } });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ success: true, data: { contract_value: first, isverify: 0 } });
    expect((await callRoute(addNumber, "/api/add/number", { token: p.token, json: { phone: second } })).status).toBe(201);
    const third = await callRoute(addNumber, "/api/add/number", { token: p.token, json: { phone: `013${p.phone.slice(3)}` } });
    expect(third.status).toBe(409);
    expect(third.data).toMatchObject({ message: "You can add at most 2 extra phone numbers." });
    const badPhone = await callRoute(addNumber, "/api/add/number", { token: q.token, json: { phone: "12" } });
    expect(badPhone.status).toBe(422);
    expect(badPhone.data).toMatchObject({ errors: { phone: ["Invalid phone number (10-15 digits)"] } });

    // q cannot send a code to p's extra number, nor see p's phones.
    const foreign = await callRoute(addSend, "/api/add/send-verification-code", { token: q.token, json: { phone: first } });
    expect(foreign.status).toBe(404);
    expect((await callRoute(otherPhone, "/api/get/other/phone", { token: q.token })).data).toEqual({ success: true, data: [] });

    const sent = await callRoute(addSend, "/api/add/send-verification-code", { token: p.token, json: { phone: first } });
    expect(sent.status).toBe(200);
    const code = await lastCode(`+880${first.slice(1)}`);
    // q typing p's code verifies nothing.
    expect((await callRoute(addVerify, "/api/add/verify-phone-number", { token: q.token, json: { verification_code: code } })).status).toBe(400);
    const verified = await callRoute(addVerify, "/api/add/verify-phone-number", { token: p.token, json: { verification_code: code } });
    expect(verified.status).toBe(200);
    const list = await callRoute(otherPhone, "/api/get/other/phone", { token: p.token });
    expect(list.data).toEqual({
      success: true,
      data: [
        { id: expect.any(Number), contract_value: first, isverify: 1 },
        { id: expect.any(Number), contract_value: second, isverify: 0 },
      ],
    });
  });
});

describe("/profile page", () => {
  it("is login-gated", async () => {
    const res = await callRoute(profilePage, "/profile");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("sends a code and verifies by form posts, answering a wrong code next to the phone with 400", async () => {
    const p = await playerWithPhone();
    const sent = await callRoute(profilePage, "/profile", { cookie: p.cookie, form: { intent: "send-code", target: "main" } });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/profile?notice=codeSent&target=main");
    const page = await callRoute(profilePage, "/profile", { cookie: p.cookie });
    const shown = page.data as { profile: { phones: { target: string; resendIn: number; codeSent: boolean }[] } };
    expect(shown.profile.phones[0]).toMatchObject({ target: "main", codeSent: true });
    expect(shown.profile.phones[0]!.resendIn).toBeGreaterThan(295);
    const early = await callRoute(profilePage, "/profile", { cookie: p.cookie, form: { intent: "send-code", target: "main" } });
    expect(early.status).toBe(429);
    expect(early.data).toMatchObject({
      form: "phone-main",
      error: expect.stringMatching(/^A code was sent recently\. You can send a new one in [45]:\d{2}\.$/),
    });
    const code = await lastCode(p.address);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await callRoute(profilePage, "/profile", { cookie: p.cookie, form: { intent: "verify-code", target: "main", code: wrong } });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ form: "phone-main", field: "code", error: "The code is not correct. 4 attempts left." });
    const ok = await callRoute(profilePage, "/profile", { cookie: p.cookie, form: { intent: "verify-code", target: "main", code } });
    expect(ok.headers.get("location")).toBe("/profile?notice=phoneVerified");
    expect((await findPlayerById(p.id))!.phoneVerifiedAt).not.toBeNull();
  });

  it("another player's extra phone id gives 404", async () => {
    const p = await playerWithPhone();
    const q = await playerWithPhone();
    await callRoute(addNumber, "/api/add/number", { token: p.token, json: { phone: `015${p.phone.slice(3)}` } });
    const id = ((await callRoute(otherPhone, "/api/get/other/phone", { token: p.token })).data as { data: { id: number }[] }).data[0]!.id;
    const res = await callRoute(profilePage, "/profile", { cookie: q.cookie, form: { intent: "send-code", target: String(id) } });
    expect(res.status).toBe(404);
  });

  it("names the VIP level in the page's language; the API's vip_level stays the English name", async () => {
    await vipReady();
    const p = await playerWithPhone();
    const level = async (headers: Record<string, string>) =>
      ((await callRoute(profilePage, "/profile", { cookie: p.cookie, headers })).data as { profile: { vipLevel: string } }).profile.vipLevel;
    expect(await level({ "accept-language": "bn" })).toBe("সাধারণ");
    expect(await level({ "accept-language": "en" })).toBe("Normal");
    const me = await callRoute(userShow, "/api/user/show", { token: p.token, headers: { "accept-language": "bn" } });
    expect(me.data).toMatchObject({ vip_level: "Normal" });
  });
});
