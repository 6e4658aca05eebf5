// /refrrel-program, /referral, the QR image and /admin/referral called the way React Router calls them: the login
// gate, Claim All through the form (once, also under 50 parallel posts), another player's claim never shown, the
// history's page sizes, and the back office's roles, validation and audit.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/queries.server.ts";
import { closeIdleConnections, createSite } from "#app/modules/payments/test-helpers.ts";
import { addDays } from "#app/kernel/dhaka-time.ts";
import { computeRewardsForDay } from "#app/modules/referral/rewards.server.ts";
import { getReferralSettings } from "#app/modules/referral/settings.server.ts";
import { dhakaNoon, referredPlayer, setRequirements, settledRound } from "#app/modules/referral/test-helpers.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import { callRoute as call, sessionFor, staffCookie } from "#tests/support/route-call.ts";
import * as adminPage from "../admin/referral.tsx";
import * as qr from "../resources/referral-qr.ts";
import * as alias from "./referral-alias.ts";
import * as page from "./referral.tsx";
import { taka } from "#tests/kit/money.ts";
import { staffMember } from "#tests/kit/players.ts";

let dayCounter = 0;
const freshDay = () => addDays("2026-08-01", ++dayCounter * 3);

async function referrerWithReward() {
  const top = await referredPlayer();
  const child = await referredPlayer(top);
  const day = freshDay();
  await settledRound(child.id, taka(2_000), dhakaNoon(day));
  await computeRewardsForDay(day);
  return { top, child, session: await sessionFor(top) };
}

beforeAll(async () => {
  await createSite();
  await setRequirements(0n, 0n);
});
afterAll(closeIdleConnections);

type IntroData = {
  tab: "intro";
  code: string;
  link: string;
  claimed: string | null;
  figures: { claimable: string; downlines: number; canClaim: boolean };
};

describe("/refrrel-program", () => {
  it("sends a guest to log in, and /referral leads to the page", async () => {
    const out = await call(page, "/refrrel-program");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Frefrrel-program");
    const aliased = await call(alias, "/referral?tab=history");
    expect(aliased.headers.get("location")).toBe("/refrrel-program?tab=history");
    expect((await call(qr, "/resources/referral-qr.svg")).status).toBe(404);
  });

  it("shows the player's own code, invite link, figures and QR image", async () => {
    const { top, session } = await referrerWithReward();
    const out = await call(page, "/refrrel-program", { cookie: session.cookie });
    const data = out.data as IntroData;
    expect(data.code).toBe(top.referralCode);
    expect(data.link).toMatch(new RegExp(`/referral_code\\?code=${top.referralCode}$`));
    expect(data.figures).toMatchObject({ downlines: 1, claimable: "2.00", canClaim: true });
    const image = await call(qr, "/resources/referral-qr.svg", { cookie: session.cookie });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("claims once through the form, shows the result only to its owner, and 409s a repeat", async () => {
    const { top, session } = await referrerWithReward();
    const before = (await getPlayerBalances(top.id)).main.posted;
    const posted = await call(page, "/refrrel-program", { cookie: session.cookie, form: { intent: "claim" } });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/refrrel-program\?claim=\d+$/);
    expect((await getPlayerBalances(top.id)).main.posted).toBe(before + taka(2));
    const shown = (await call(page, location, { cookie: session.cookie })).data as IntroData;
    expect(shown).toMatchObject({ claimed: "2.00", figures: { claimable: "0.00", canClaim: false } });
    // Another player opening the same address sees no claim.
    const stranger = await sessionFor(await referredPlayer());
    expect(((await call(page, location, { cookie: stranger.cookie })).data as IntroData).claimed).toBeNull();
    const again = await call(page, "/refrrel-program", { cookie: session.cookie, form: { intent: "claim" } });
    expect(again.status).toBe(409);
    expect((await call(page, "/refrrel-program", { cookie: session.cookie, form: { intent: "other" } })).status).toBe(400);
  });

  it("pays once when the form is posted 50 times at once", async () => {
    const { top, session } = await referrerWithReward();
    const before = (await getPlayerBalances(top.id)).main.posted;
    const outs = await Promise.all(
      Array.from({ length: 50 }, () => call(page, "/refrrel-program", { cookie: session.cookie, form: { intent: "claim" } })),
    );
    expect(outs.filter((o) => o.status === 302)).toHaveLength(1);
    expect(outs.filter((o) => o.status === 409)).toHaveLength(49);
    expect((await getPlayerBalances(top.id)).main.posted).toBe(before + taka(2));
  });

  it("reads the history's page size from the query, 10 for anything else", async () => {
    const { session } = await referrerWithReward();
    const history = async (query: string) =>
      (await call(page, `/refrrel-program?tab=history${query}`, { cookie: session.cookie })).data as {
        history: { size: number; page: number; rows: { reward: string; status: string }[] };
      };
    expect((await history("&size=25")).history.size).toBe(25);
    expect((await history("&size=7")).history.size).toBe(10);
    expect((await history("&size=abc&page=-4")).history).toMatchObject({ size: 10, page: 1 });
    const { rows } = (await history("&page=999999999999")).history;
    expect(rows).toEqual([expect.objectContaining({ reward: "2.00", status: "claimable" })]);
  });
});

describe("/admin/referral", () => {
  let adminCookie: string;
  let contentCookie: string;
  let financeCookie: string;
  beforeAll(async () => {
    await ensureSeedAdmin(db, "AdminPass12345");
    await staffMember("content", "content1", "ContentPass1", "Con");
    await staffMember("finance", "finance2", "FinancePass1", "Fin");
    const login = staffCookie;
    adminCookie = await login("admin", "AdminPass12345");
    contentCookie = await login("content1", "ContentPass1");
    financeCookie = await login("finance2", "FinancePass1");
  });

  const form = (over: Record<string, string> = {}) => ({
    requiredDeposit: "500",
    requiredTurnover: "2500.50",
    "tabs[0].above": "100",
    "tabs[0].rates[0]": "0.1",
    "tabs[0].rates[1]": "0.05",
    "tabs[0].rates[2]": "0.01",
    "tabs[1].above": "200000",
    "tabs[1].rates[0]": "0.15",
    "tabs[1].rates[1]": "0.06",
    "tabs[1].rates[2]": "0.02",
    "tabs[2].above": "500000",
    "tabs[2].rates[0]": "0.25",
    "tabs[2].rates[1]": "0.07",
    "tabs[2].rates[2]": "0.0125",
    ...over,
  });

  it("is open to content and admin, not to finance or guests", async () => {
    expect((await call(adminPage, "/admin/referral")).status).toBe(302);
    expect((await call(adminPage, "/admin/referral", { cookie: financeCookie })).status).toBe(403);
    expect((await call(adminPage, "/admin/referral", { cookie: financeCookie, form: form() })).status).toBe(403);
    expect((await call(adminPage, "/admin/referral", { cookie: contentCookie })).status).toBe(200);
    expect((await call(adminPage, "/admin/referral", { cookie: adminCookie })).status).toBe(200);
  });

  it("refuses bad amounts, rates and tab order with 400 and field messages", async () => {
    const bad = await call(adminPage, "/admin/referral", {
      cookie: contentCookie,
      form: form({ requiredDeposit: "1.234", "tabs[0].rates[1]": "101", "tabs[2].above": "150000" }),
    });
    expect(bad.status).toBe(400);
    const errors = (bad.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      requiredDeposit: ["referral.admin.errors.amount"],
      "tabs[0].rates[1]": ["referral.admin.errors.rate"],
      "tabs[2].above": ["referral.admin.errors.tabsOrder"],
    });
  });

  it("saves the settings with an audit row, and says so when nothing changed", async () => {
    const saved = await call(adminPage, "/admin/referral", { cookie: contentCookie, form: form() });
    expect(saved.headers.get("location")).toBe("/admin/referral?notice=saved");
    const settings = await getReferralSettings();
    expect(settings).toMatchObject({ requiredDeposit: taka(500), requiredTurnover: taka(2_500.5) });
    expect(settings.board.tabs[2]).toEqual({ above: 500_000_00, ratesPpm: [2500, 700, 125] });
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "referral.settings.update")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ entity: "referral_settings", after: expect.objectContaining({ requiredDeposit: "50000" }) });
    const again = await call(adminPage, "/admin/referral", { cookie: contentCookie, form: form() });
    expect(again.headers.get("location")).toBe("/admin/referral?notice=unchanged");
  });
});
