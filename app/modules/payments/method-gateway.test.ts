// A payment method's deposit mode on the back office's payment methods page, called as React Router calls it
// (i18n middleware, staff cookie, form posts): each mode saves, bad input is a 400 with the message on its field,
// secrets are kept when left empty and never reach the browser or the audit log.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import { inEnglish } from "#app/i18n/test-helpers.ts";
import { callRoute, staffCookie, type Outcome } from "#tests/support/route-call.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { createStaff, ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import * as methodsRoute from "#app/routes/admin/payments/payment-methods.tsx";
import { saveMethodGateway } from "./methods.server.ts";
import { paymentMethods } from "./schema.ts";
import { closeIdleConnections, createMethod, createSite, taka } from "./test-helpers.ts";

const PATH = "/admin/finance/payment-methods";
/** The address the audit rows are expected to record. */
const CLIENT = { "x-client-ip": "10.7.0.9" };

const errorsOf = (o: Outcome) => (o.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};
/** Everything the browser would get, as one string (bigints as text). */
const wire = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));

const SECRETS = {
  appSecret: "app-secret-9f8e7d6c5b4a",
  password: "merchant-pass-55443322",
  webhookSecret: "webhook-secret-0123456789abcdef",
};
const BKASH = {
  intent: "gateway",
  gateway: "bkash",
  gatewayMin: "500",
  gatewayMax: "25,000",
  baseUrl: "https://tokenized.sandbox.bka.sh/v1.2.0-beta",
  appKey: "app-key-public-1",
  username: "sandboxUser01",
  ...SECRETS,
};

let cookie: string;
let staffId: number;

beforeAll(async () => {
  await createSite();
  await ensureSeedAdmin(db, "AdminPass12345");
  const adminId = (await findStaffByUsername("admin"))!.id;
  const username = `fin${process.pid % 100000}${Date.now() % 100000}`;
  await createStaff({ id: adminId, ip: null }, { username, name: "Finance", role: "finance", password: "StaffPass12345" });
  staffId = (await findStaffByUsername(username))!.id;
  cookie = await staffCookie(username, "StaffPass12345");
});

afterAll(closeIdleConnections);

const rowOf = async (id: number) => (await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)))[0]!;
const auditsOf = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "payment_method"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "payment_method.gateway_update")))
    .orderBy(desc(auditLog.id));
const post = (form: Record<string, string>) => callRoute(methodsRoute, PATH, { cookie, form, headers: CLIENT });

describe("deposit mode of a payment method", () => {
  it("saves each mode: bKash with its credentials, simulated, and back to manual", async () => {
    const m = await createMethod();
    const bkash = await post({ ...BKASH, id: String(m.id) });
    expect(bkash.status).toBe(302);
    expect(bkash.headers.get("location")).toContain(`#gateway-${m.id}`);
    expect(await rowOf(m.id)).toMatchObject({
      gateway: "bkash",
      gatewayMin: taka(500),
      gatewayMax: taka(25_000),
      gatewayCredentials: { baseUrl: BKASH.baseUrl, appKey: BKASH.appKey, username: BKASH.username, ...SECRETS },
    });

    const simulated = await post({ intent: "gateway", id: String(m.id), gateway: "simulated", gatewayMin: "1,000", gatewayMax: "5000.50" });
    expect(simulated.status).toBe(302);
    expect(await rowOf(m.id)).toMatchObject({ gateway: "simulated", gatewayMin: taka(1000), gatewayMax: taka(5000.5) });
    expect((await rowOf(m.id)).gatewayCredentials?.webhookSecret).toBe(SECRETS.webhookSecret);

    const manual = await post({ intent: "gateway", id: String(m.id), gateway: "manual", gatewayMin: "500", gatewayMax: "25000" });
    expect(manual.status).toBe(302);
    expect(await rowOf(m.id)).toMatchObject({ gateway: null, gatewayMin: taka(500), gatewayMax: taka(25_000) });

    const [last] = await auditsOf(m.id);
    expect(last).toMatchObject({ staffId, ip: "10.7.0.9", before: { gateway: "simulated" }, after: { gateway: "manual" } });
  });

  it("refuses a minimum above the maximum with the message on the maximum", async () => {
    const m = await createMethod();
    const out = await post({ ...BKASH, id: String(m.id), gatewayMin: "30,000", gatewayMax: "25,000" });
    expect(out.status).toBe(400);
    expect(errorsOf(out).gatewayMax?.map(inEnglish)).toEqual(["The minimum must not be more than the maximum."]);
    expect((await rowOf(m.id)).gateway).toBeNull();
    // The module refuses it too, for callers that skip the form.
    await expect(
      saveMethodGateway({ id: m.id, mode: "simulated", gatewayMin: taka(600), gatewayMax: taka(500), webhookSecret: SECRETS.webhookSecret, staffId }),
    ).rejects.toMatchObject({ field: "gatewayMax", messageKey: "adminPayments.errors.minMax" });
    // What a failed form sends back holds none of the secrets typed in.
    expect(wire(out.data)).not.toContain(SECRETS.appSecret);
    expect(wire(out.data)).not.toContain(SECRETS.password);
    expect(wire(out.data)).not.toContain(SECRETS.webhookSecret);
  });

  it("refuses an http bKash base URL with the message on the field, never a 500", async () => {
    const m = await createMethod();
    const out = await post({ ...BKASH, id: String(m.id), baseUrl: "http://tokenized.sandbox.bka.sh/v1.2.0-beta" });
    expect(out.status).toBe(400);
    expect(errorsOf(out).baseUrl).toEqual(["adminPayments.errors.httpsUrlInvalid"]);
    expect((await rowOf(m.id)).gateway).toBeNull();
    await expect(
      saveMethodGateway({ ...BKASH, id: m.id, mode: "bkash", gatewayMin: taka(500), gatewayMax: taka(600), baseUrl: "http://x.example", staffId }),
    ).rejects.toMatchObject({ field: "baseUrl", messageKey: "adminPayments.errors.httpsUrlInvalid" });
    // bKash without its secrets stored or typed in is refused on the missing field.
    const noSecret = await post({ ...BKASH, id: String(m.id), appSecret: "" });
    expect(noSecret.status).toBe(400);
    expect(errorsOf(noSecret).appSecret?.map(inEnglish)).toEqual(["Required for bKash tokenized checkout."]);
    expect((await post({ ...BKASH, id: "999999" })).status).toBe(404);
  });

  it("keeps a stored secret when its field is left empty, and replaces it when one is typed", async () => {
    const m = await createMethod();
    expect((await post({ ...BKASH, id: String(m.id) })).status).toBe(302);
    const kept = await post({ ...BKASH, id: String(m.id), gatewayMax: "20000", appSecret: "", password: "", webhookSecret: "" });
    expect(kept.status).toBe(302);
    const row = await rowOf(m.id);
    expect(row.gatewayMax).toBe(taka(20_000));
    expect(row.gatewayCredentials).toMatchObject(SECRETS);
    const [keptAudit] = await auditsOf(m.id);
    expect(keptAudit!.after).toEqual({ gatewayMax: String(taka(20_000)) });

    const rotated = await post({ ...BKASH, id: String(m.id), appSecret: "", password: "", webhookSecret: "new-webhook-secret-abcdef123456" });
    expect(rotated.status).toBe(302);
    expect((await rowOf(m.id)).gatewayCredentials).toMatchObject({ ...SECRETS, webhookSecret: "new-webhook-secret-abcdef123456" });
  });

  it("the page's data shows the masks, the non-secret fields and the webhook address, never a secret", async () => {
    const m = await createMethod();
    expect((await post({ ...BKASH, id: String(m.id) })).status).toBe(302);
    const page = await callRoute(methodsRoute, PATH, { cookie, headers: CLIENT });
    expect(page.status).toBe(200);
    const method = (page.data as { methods: Array<{ id: number; gateway: Record<string, string> }> }).methods.find((x) => x.id === m.id)!;
    expect(method.gateway).toMatchObject({
      mode: "bkash",
      min: "500",
      max: "25000",
      baseUrl: BKASH.baseUrl,
      appKey: BKASH.appKey,
      username: BKASH.username,
      webhookUrl: `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}/api/gateway-webhook/${m.id}`,
    });
    expect(method.gateway.appSecretMask).toMatch(/^•+[\w-]{0,2}$/);
    expect(method.gateway.webhookSecretMask).not.toBe("");
    const sent = wire(page.data);
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
  });

  it("the audit row says which secrets changed, never their values", async () => {
    const m = await createMethod();
    expect((await post({ ...BKASH, id: String(m.id) })).status).toBe(302);
    const [row] = await auditsOf(m.id);
    expect(row!.after).toMatchObject({ gateway: "bkash", appSecret: "changed", password: "changed", webhookSecret: "changed" });
    expect(row!.before).toMatchObject({ gateway: "manual", appSecret: "not set", password: "not set", webhookSecret: "not set" });
    const stored = wire(
      await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(m.id))),
    );
    for (const secret of Object.values(SECRETS)) expect(stored).not.toContain(secret);
  });
});
