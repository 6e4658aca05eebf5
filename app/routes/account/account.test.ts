// /account as React Router calls it: the overview's figures come from the player's own rows (ledger balances,
// payments tables), every desktop tab leads to a real section, and an unknown tab is the overview (never a 500).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { approveDeposit } from "#app/modules/payments/deposits.server.ts";
import { requestWithdrawal } from "#app/modules/payments/withdrawals.server.ts";
import { deposits, withdrawals } from "#app/modules/payments/schema.ts";
import {
  closeIdleConnections,
  createMethodWithNumbers,
  createPlayer,
  createPromotion,
  createSite,
  createStaff,
  depositFor,
  newKey,
  setSettings,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { players } from "#app/modules/players/schema.ts";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as account from "./account.tsx";
import { accountTabRoutes } from "./member-centre.server.ts";

afterAll(closeIdleConnections);

type Overview = {
  view: "overview";
  overview: {
    level: string;
    missing: string[];
    wallet: { main: string; bonus: string | null; held: string; pendingWithdrawals: number };
    activity: { lastLogin: string | null; lastDeposit: string | null; lastWithdrawal: string | null; registered: string };
    promotions: { id: number; name: string }[];
  };
};

let ctx: Awaited<ReturnType<typeof createMethodWithNumbers>>;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  await createSite({ promotionWallet: true, depositTurnoverHundredths: 0 });
  ctx = await createMethodWithNumbers();
  staff = await createStaff();
});

const open = async (player: { id: number }, path = "/account") => callRoute(account, path, { cookie: (await sessionFor(player)).cookie });

describe("/account overview", () => {
  it("asks a guest to log in", async () => {
    const out = await callRoute(account, "/account");
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows a new player zero balances, no deposit or withdrawal yet, and every verification still to do", async () => {
    const player = await createPlayer({ verified: false });
    const out = await open(player);
    expect(out.status).toBe(200);
    const { overview } = out.data as Overview;
    expect(overview.wallet).toMatchObject({ main: "0.00", bonus: "0.00", held: "0.00", pendingWithdrawals: 0 });
    expect(overview.activity).toMatchObject({ lastDeposit: null, lastWithdrawal: null });
    expect(overview.missing).toEqual(["birthday", "phone", "email"]);
    expect(overview.level).toBe("unverified");
  });

  it("shows the ledger balances and the real last deposit and withdrawal times in Asia/Dhaka", async () => {
    const player = await createPlayer();
    const d = await depositFor(player.id, ctx, { amount: taka(2_000) });
    await approveDeposit({ staffId: staff.id, depositId: d.id, ip: null });
    await db
      .update(deposits)
      .set({ createdAt: new Date("2026-03-04T05:06:07Z") })
      .where(eq(deposits.id, d.id));
    const { withdrawal } = await requestWithdrawal(player.id, { methodId: ctx.method.id, amount: taka(600), idempotencyKey: newKey() });
    await db
      .update(withdrawals)
      .set({ createdAt: new Date("2026-03-05T18:30:00Z") })
      .where(eq(withdrawals.id, withdrawal.id));
    await db
      .update(players)
      .set({ lastLoginAt: new Date("2026-03-06T00:00:00Z"), emailVerifiedAt: new Date() })
      .where(eq(players.id, player.id));

    const { overview } = (await open(player)).data as Overview;
    expect(overview.wallet).toMatchObject({ main: "1,400.00", held: "600.00", pendingWithdrawals: 1 });
    expect(overview.activity).toMatchObject({
      lastDeposit: "2026-03-04 11:06:07",
      lastWithdrawal: "2026-03-06 00:30:00",
      lastLogin: "2026-03-06 06:00:00",
    });
    expect(overview.missing).toEqual([]);
    expect(overview.level).toBe("safe");

    // A refused deposit is not the last deposit.
    const refused = await depositFor(player.id, ctx);
    await db.update(deposits).set({ status: "rejected", reviewedAt: new Date(), rejectReason: "no" }).where(eq(deposits.id, refused.id));
    expect(((await open(player)).data as Overview).overview.activity.lastDeposit).toBe("2026-03-04 11:06:07");
  });

  it("hides the bonus wallet when the promotion wallet is off", async () => {
    await setSettings({ promotionWallet: false });
    const { overview } = (await open(await createPlayer())).data as Overview;
    expect(overview.wallet.bonus).toBeNull();
    await setSettings({ promotionWallet: true });
  });

  it("lists active promotions newest first in the strip", async () => {
    const older = await createPromotion({ nameEn: "Older", startsAt: new Date(Date.now() - 5 * 86_400_000) });
    const newer = await createPromotion({ nameEn: "Newer", startsAt: new Date(Date.now() - 60_000) });
    const off = await createPromotion({ nameEn: "Off", status: "inactive", startsAt: new Date(Date.now() - 1_000) });
    const ids = ((await open(await createPlayer())).data as Overview).overview.promotions.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(newer.id)).toBe(0);
    expect(ids).not.toContain(off.id);
  });
});

describe("/account?tab=", () => {
  it("sends each of the spec's desktop tabs to its real section", async () => {
    const player = await createPlayer();
    for (const [tab, route] of Object.entries(accountTabRoutes)) {
      const out = await open(player, `/account?tab=${tab}`);
      expect(out.status, tab).toBe(302);
      expect(out.headers.get("location"), tab).toBe(route);
    }
    expect(Object.keys(accountTabRoutes).sort()).toEqual(
      ["bettingRecords", "transactionRecords", "vip", "resetPassword", "inbox", "referralProgram", "deposit", "withdrawal", "turnover"].sort(),
    );
  });

  it("shows the overview for profile, an unknown or odd tab, and the wallet for wallet", async () => {
    const player = await createPlayer();
    for (const tab of ["profile", "nope", "__proto__", "constructor", "toString", "", "%E0%A6%AC"]) {
      const out = await open(player, `/account?tab=${tab}`);
      expect(out.status, tab).toBe(200);
      expect((out.data as { view: string }).view, tab).toBe("overview");
    }
    // The site refuses a NUL anywhere in a query before any page sees it.
    expect((await open(player, "/account?tab=%00")).status).toBe(400);
    const wallet = await open(player, "/account?tab=wallet");
    expect(wallet.status).toBe(200);
    expect(wallet.data).toMatchObject({ view: "wallet", wallet: { main: "0.00", held: "0.00" } });
  });
});
