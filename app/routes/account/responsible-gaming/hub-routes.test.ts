// /account/responsible-gaming called the way React Router calls them (root middleware: language, session).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSiteConfigCache } from "#app/modules/content/content.server.ts";
import { closeIdleConnections, createPlayer, createSite } from "#app/modules/payments/test-helpers.ts";
import { changeLimit, limitOverview } from "#app/modules/protection/limits.server.ts";
import { sessions } from "#app/modules/sessions/schema.ts";
import { hashToken } from "#app/modules/sessions/sessions.server.ts";
import * as login from "#app/routes/auth/login.tsx";
import { db } from "#app/db/db.server.ts";
import { eq } from "drizzle-orm";
import { callRoute, sessionFor } from "#tests/support/route-call.ts";
import * as deposit from "#app/routes/payments/deposit.tsx";
import * as hub from "./hub.tsx";

const PATH = "/account/responsible-gaming";

beforeAll(async () => {
  await createSite();
  clearSiteConfigCache();
});
afterAll(closeIdleConnections);

type Slot = { id: string; amount: string | null; remaining: string | null; pendingFrom: string | null; mayConfirm: boolean };
type Page = { slots: Slot[]; notice: string | null };
const slot = (page: Page, id: string) => page.slots.find((s) => s.id === id)!;

describe(PATH, () => {
  it("sends a guest to log in", async () => {
    const out = await callRoute(hub, PATH);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Fresponsible-gaming");
  });

  it("sets a limit with a plain form, then makes an increase wait and shows from when", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    const set = await callRoute(hub, `${PATH}?form=deposit_day`, { cookie, form: { intent: "set", kind: "deposit", period: "day", value: "5,000" } });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe(`${PATH}?notice=set&slot=deposit_day`);
    const page = (await callRoute(hub, set.headers.get("location")!, { cookie })).data as Page;
    expect(page.notice).toBe("Your limit is set and applies now.");
    expect(slot(page, "deposit_day")).toMatchObject({ amount: "5,000.00", remaining: "5,000.00", pendingFrom: null });

    const up = await callRoute(hub, PATH, { cookie, form: { intent: "set", kind: "deposit", period: "day", value: "9000" } });
    const after = (await callRoute(hub, up.headers.get("location")!, { cookie })).data as Page;
    expect(slot(after, "deposit_day")).toMatchObject({ amount: "5,000.00", mayConfirm: false });
    expect(after.notice).toContain(slot(after, "deposit_day").pendingFrom!);

    const early = await callRoute(hub, PATH, { cookie, form: { intent: "confirm", kind: "deposit", period: "day" } });
    expect(early.status).toBe(400);
    expect(early.data).toMatchObject({
      slot: "deposit_day",
      message: expect.stringMatching(/^You can confirm this change from \d{4}-\d\d-\d\d \d\d:\d\d/),
    });
  });

  it("answers bad input next to the field with a 400 and saves nothing", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    const bad = await callRoute(hub, PATH, { cookie, form: { intent: "set", kind: "stake", period: "week", value: "-5" } });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ slot: "stake_week", field: "value" });
    const odd = await callRoute(hub, PATH, { cookie, form: { intent: "set", kind: "session", period: "day", value: "5" } });
    expect(odd.status).toBe(400);
    expect(await limitOverview(player.id)).toSatisfy((l: { amount: bigint | null }[]) => l.every((s) => s.amount === null));
  });

  it("prompts for a deposit limit on the first deposit, and a same-site redirect brings the player back", async () => {
    const player = await createPlayer();
    const { cookie } = await sessionFor(player);
    expect(((await callRoute(deposit, "/deposit", { cookie })).data as { limitPrompt: unknown }).limitPrompt).not.toBeNull();
    const away = await callRoute(hub, PATH, { cookie, form: { intent: "skip-prompt", redirectTo: "https://evil.example/" } });
    expect(away.headers.get("location")).toBe(`${PATH}?notice=skipped`);
    expect(((await callRoute(deposit, "/deposit", { cookie })).data as { limitPrompt: unknown }).limitPrompt).toBeNull();

    const other = await createPlayer();
    const session = await sessionFor(other);
    const set = await callRoute(hub, PATH, {
      cookie: session.cookie,
      form: { intent: "set", kind: "deposit", period: "day", value: "1000", redirectTo: "/deposit" },
    });
    expect(set.headers.get("location")).toBe("/deposit");
    expect(((await callRoute(deposit, "/deposit", { cookie: session.cookie })).data as { limitPrompt: unknown }).limitPrompt).toBeNull();
  });

  it("ends a session past the session-time limit and the log-in page says so", async () => {
    const player = await createPlayer();
    const { token, cookie } = await sessionFor(player);
    await changeLimit(player.id, { kind: "session", period: "session" }, 30n);
    expect((await callRoute(hub, PATH, { cookie })).status).toBe(200);
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(sessions.id, hashToken(token)));
    const out = await callRoute(hub, PATH, { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login?sessionLimit=30");
    expect(out.headers.get("set-cookie")).toMatch(/^sid=;/);
    const page = (await callRoute(login, "/login?sessionLimit=30")).data as { sessionEnded: string };
    expect(page.sessionEnded).toBe("Your session-time limit of 30 minutes was reached, so you were logged out.");
    // The session is gone: the next request is a guest's.
    expect((await callRoute(hub, PATH, { cookie })).headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Fresponsible-gaming");
  });
});
