// Demo mode's starting balance: every new player (web sign-up, the API and the seeded demo player) gets it
// through the ledger once, with no turnover requirement; real mode and an amount of 0 give nothing.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { DEMO_PLAYER, seedDemoContent } from "#app/startup/seed.server.ts";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { generalSettings } from "#app/modules/settings/schema.ts";
import { checkLedgerInvariants } from "#app/modules/ledger/invariants.server.ts";
import { getPlayerBalances, getTransferByKey } from "#app/modules/ledger/queries.server.ts";
import { updateSettings } from "#app/modules/settings/settings.server.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { turnoverRequirements } from "#app/modules/turnover/schema.ts";
import * as createPlayersRoute from "#app/routes/api/create-players.ts";
import { creditDemoBalance, demoCreditKey } from "./demo-credit.server.ts";
import { createPlayer, findPlayerByUsername } from "./players.server.ts";
import { signupSchema } from "./validation.ts";

let n = 0;
function signup(overrides: Record<string, unknown> = {}) {
  n++;
  return signupSchema.parse({
    username: `demo${String(n).padStart(3, "0")}x`,
    password: "Secret123",
    confirmPassword: "Secret123",
    phone: `0171100${String(n).padStart(4, "0")}`,
    email: `demo${n}@example.com`,
    ageCheck: true,
    ...overrides,
  });
}

async function setMode(mode: "demo" | "real", demoStartingBalance?: bigint) {
  await db.update(generalSettings).set({ mode, ...(demoStartingBalance === undefined ? {} : { demoStartingBalance }) });
  clearSiteConfigCache();
}

const mainOf = async (playerId: number) => (await getPlayerBalances(playerId)).main.available;

beforeAll(async () => {
  // The demo seed: settings in demo mode with the default amount, and the demo player.
  expect(await seedDemoContent(db)).toBe(true);
});

describe("demo starting balance", () => {
  it("the seeded demo player starts with ৳10,000", async () => {
    const demo = await findPlayerByUsername(DEMO_PLAYER.username);
    expect(await mainOf(demo!.id)).toBe(1_000_000n);
  });

  it("a new player in demo mode gets ৳10,000 through the ledger, once, without a turnover requirement", async () => {
    await setMode("demo");
    const created = await createPlayer(signup());
    if (!created.ok) throw new Error("sign-up failed");
    const id = created.player.id;
    expect(await mainOf(id)).toBe(1_000_000n);
    expect((await getPlayerBalances(id)).bonus.available).toBe(0n);
    const transfer = await getTransferByKey(demoCreditKey(id));
    expect(transfer).toMatchObject({ kind: "demo_credit", amount: 1_000_000n, currency: "BDT" });
    expect(await db.select().from(turnoverRequirements).where(eq(turnoverRequirements.playerId, id))).toEqual([]);
    // A retry is a replay: still one credit.
    await creditDemoBalance({ id, currency: "BDT" });
    expect(await mainOf(id)).toBe(1_000_000n);
  });

  it("a new player in real mode gets nothing, nor with an amount of 0", async () => {
    await setMode("real");
    const real = await createPlayer(signup());
    if (!real.ok) throw new Error("sign-up failed");
    expect(await mainOf(real.player.id)).toBe(0n);
    expect(await getTransferByKey(demoCreditKey(real.player.id))).toBeUndefined();

    await setMode("demo", 0n);
    const off = await createPlayer(signup());
    if (!off.ok) throw new Error("sign-up failed");
    expect(await mainOf(off.player.id)).toBe(0n);
    await setMode("demo", 1_000_000n);
  });

  it("uses the player's currency and the amount staff set", async () => {
    await setMode("demo", 250_050n);
    const created = await createPlayer(signup({ currency: "INR" }));
    if (!created.ok) throw new Error("sign-up failed");
    const balances = await getPlayerBalances(created.player.id);
    expect(balances).toMatchObject({ currency: "INR" });
    expect(balances.main.available).toBe(250_050n);
    await setMode("demo", 1_000_000n);
  });

  it("POST /api/v1/create-players credits it too", async () => {
    await setMode("demo");
    const body = JSON.stringify({
      username: "apidemo1",
      password: "Secret123",
      confirmPassword: "Secret123",
      phone: "01722222222",
      email: "apidemo1@example.com",
      ageCheck: true,
    });
    const request = new Request("http://localhost/api/v1/create-players", {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-ip": "10.4.0.1" },
      body,
    });
    const response = (await createPlayersRoute.action({
      request,
      url: new URL(request.url),
      params: {},
      context: new RouterContextProvider(),
    } as never)) as Response;
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { remote_id: number } };
    expect(await mainOf(data.remote_id)).toBe(1_000_000n);
  });

  it("staff change the amount in taka on the settings form, audited", async () => {
    await ensureSeedAdmin(db, "AdminPass12345");
    const admin = await findStaffByUsername("admin");
    const [s] = await db.select().from(generalSettings).limit(1);
    const input = {
      siteTitle: s!.siteTitle,
      supportMail: s!.supportMail,
      withdrawalStatus: s!.withdrawalStatus,
      promotionWallet: s!.promotionWallet,
      depositTurnoverMultiplier: "1",
      mode: "demo" as const,
      licenceIssuer: null,
      licenceNumber: null,
      jurisdictions: [],
    };
    expect(await updateSettings({ id: admin!.id, ip: null }, { ...input, demoStartingBalance: "5,000.50" })).toEqual({ ok: true, changed: true });
    expect((await db.select().from(generalSettings).limit(1))[0]!.demoStartingBalance).toBe(500_050n);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.staffId, admin!.id)));
    expect(audit!.before).toMatchObject({ demoStartingBalance: "1000000" });
    expect(audit!.after).toMatchObject({ demoStartingBalance: "500050" });
    // Left out of the form, the amount stays; an invalid one is refused on its field.
    expect(await updateSettings({ id: admin!.id, ip: null }, { ...input, siteTitle: "Renamed" })).toEqual({ ok: true, changed: true });
    expect((await db.select().from(generalSettings).limit(1))[0]!.demoStartingBalance).toBe(500_050n);
    expect(await updateSettings({ id: admin!.id, ip: null }, { ...input, demoStartingBalance: "-5" })).toEqual({
      ok: false,
      fieldErrors: { demoStartingBalance: ["admin.errors.demoBalanceInvalid"] },
    });
    expect((await checkLedgerInvariants()).ok).toBe(true);
  });
});
