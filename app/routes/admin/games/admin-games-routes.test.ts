// The back office's games pages called as React Router calls them (i18n middleware, staff cookie, form posts):
// who may open them, saves with their audit rows, poster uploads checked by their bytes, and /poster/<name>.
import { answerInEnglish } from "#app/i18n/test-helpers.ts";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { i18nextMiddleware } from "#app/i18n/i18n.server.ts";
import { countUploads } from "#app/modules/uploads/test-helpers.ts";
import { gameProviders, games } from "#app/modules/games/schema.ts";
import { PNG } from "#app/modules/payments/test-helpers.ts";
import { type StaffRole } from "#app/modules/staff/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as posterRoute from "#app/routes/resources/poster.ts";
import * as gamesRoute from "./games.tsx";
import * as providersRoute from "./providers.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

type Handler = (args: never) => unknown;
type Outcome = { status: number; location?: string | null; data?: unknown; response?: Response };

async function call(
  handler: Handler,
  path: string,
  init: { cookie?: string; body?: BodyInit; params?: Record<string, string> } = {},
): Promise<Outcome> {
  const headers = new Headers({ "x-client-ip": "10.8.0.1" });
  if (init.cookie) headers.set("cookie", init.cookie);
  const request = new Request(`http://localhost${path}`, init.body ? { method: "POST", headers, body: init.body } : { headers });
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  const args = { request, url, params: init.params ?? {}, context, pattern: url.pathname };
  let result: unknown;
  await i18nextMiddleware(args as never, async () => {
    try {
      result = await handler(args as never);
    } catch (thrown) {
      result = thrown;
    }
    return new Response();
  });
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), response: result };
  const d = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (d && d.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, data: d.data };
  return { status: 200, data: result };
}

const PASSWORD = "StaffPass12345";
const SECRET = "route-secret-0123456789";
const cookies = {} as Record<StaffRole, string>;
let provider: { id: number };
let game: { id: number };

beforeAll(async () => {
  await ensureSeedAdmin(db, "AdminPass12345");
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  for (const role of ["finance", "content"] as const) {
    await staffMember(role, `${role}1`, PASSWORD, role);
    cookies[role] = await staffCookie(`${role}1`, PASSWORD);
  }
  provider = (await db.insert(gameProviders).values({ platform: "SG", name: "Spadegaming", filterId: 70, secret: SECRET }).returning())[0]!;
  game = (await db.insert(games).values({ code: "SG-FISH-KING", name: "Fishing King", type: "FISH", providerId: provider.id }).returning())[0]!;
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
/** A games page's upload form: a game's poster, or a provider's icon (intent and field "icon"). */
function posterForm(id: number, bytes: Uint8Array, name: string, type: string, field: "poster" | "icon" = "poster") {
  const f = new FormData();
  f.set("intent", field);
  f.set("id", String(id));
  f.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return f;
}

describe("who may open the games pages", () => {
  it("admin and content may; finance gets a 403 and a guest the login page", async () => {
    for (const role of ["admin", "content"] as const) {
      expect((await call(gamesRoute.loader as Handler, "/admin/games", { cookie: cookies[role] })).status).toBe(200);
      expect((await call(providersRoute.loader as Handler, "/admin/games/providers", { cookie: cookies[role] })).status).toBe(200);
    }
    expect((await call(gamesRoute.loader as Handler, "/admin/games", { cookie: cookies.finance })).status).toBe(403);
    expect(
      (
        await call(providersRoute.action as Handler, "/admin/games/providers", {
          cookie: cookies.finance,
          body: form({ intent: "save", id: String(provider.id), name: "X", sortOrder: "0" }),
        })
      ).status,
    ).toBe(403);
    const guest = await call(gamesRoute.loader as Handler, "/admin/games");
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/admin\/login\?redirectTo=/);
  });

  it("never sends the secret to the page", async () => {
    const out = await call(providersRoute.loader as Handler, "/admin/games/providers", { cookie: cookies.content });
    expect(JSON.stringify(out.data)).not.toContain(SECRET);
  });
});

describe("saving", () => {
  it("a provider edit with a new secret, audited without the secret", async () => {
    const out = await call(providersRoute.action as Handler, "/admin/games/providers", {
      cookie: cookies.content,
      body: form({
        intent: "save",
        id: String(provider.id),
        name: "Spadegaming Asia",
        active: "on",
        sortOrder: "4",
        baseUrl: "https://sg.example.net",
        operatorId: "deshplay",
        secret: "brand-new-secret-9876543210",
      }),
    });
    expect(out.status).toBe(302);
    expect(out.location).toContain("saved=provider");
    expect((await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id)))[0]).toMatchObject({
      name: "Spadegaming Asia",
      baseUrl: "https://sg.example.net",
      secret: "brand-new-secret-9876543210",
      secretPrevious: SECRET,
    });
    const rows = await db.select().from(auditLog).where(eq(auditLog.entity, "game_provider"));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("brand-new-secret");
    expect(JSON.stringify(rows)).not.toContain(SECRET);
  });

  it("a bad base URL comes back as a 400 on its field", async () => {
    const out = await call(providersRoute.action as Handler, "/admin/games/providers", {
      cookie: cookies.content,
      body: form({ intent: "save", id: String(provider.id), name: "Spadegaming", sortOrder: "4", baseUrl: "file:///etc/passwd" }),
    });
    expect(out.status).toBe(400);
    expect(answerInEnglish(out.data)).toContain("https://");
  });

  it("a game edit in taka, audited; max below min is a 400", async () => {
    const ok = await call(gamesRoute.action as Handler, "/admin/games?type=FISH", {
      cookie: cookies.content,
      body: form({ intent: "save", id: String(game.id), active: "on", featured: "on", displayOrder: "3", minStake: "5", maxStake: "50,000.50" }),
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toMatch(/^\/admin\/games\?type=FISH&saved=game/);
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]).toMatchObject({
      featured: true,
      displayOrder: 3,
      minStake: 500n,
      maxStake: 5_000_050n,
    });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "game.update"), eq(auditLog.entityId, String(game.id)))),
    ).toHaveLength(1);

    const bad = await call(gamesRoute.action as Handler, "/admin/games", {
      cookie: cookies.content,
      body: form({ intent: "save", id: String(game.id), displayOrder: "3", minStake: "100", maxStake: "50" }),
    });
    expect(bad.status).toBe(400);
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]).toMatchObject({ minStake: 500n });
  });

  it("a max win and a round payout cap in taka, audited; bad ones are a 400 on their field, never a 500", async () => {
    const house = (await db.insert(gameProviders).values({ platform: "HOUSE", name: "Originals", kind: "house" }).returning())[0]!;
    const crash = (
      await db
        .insert(games)
        .values({ code: "HOUSE-CRASH-CRASH", name: "Crash", type: "CRASH", providerId: house.id, roundPayoutCap: 1_000_000_000n })
        .returning()
    )[0]!;
    const page = await call(gamesRoute.loader as Handler, "/admin/games?type=CRASH", { cookie: cookies.content });
    expect((page.data as { games: { code: string; maxWin: string | null; roundPayoutCap: string | null }[] }).games).toEqual([
      expect.objectContaining({ code: "HOUSE-CRASH-CRASH", maxWin: "1000000", roundPayoutCap: "10000000" }),
    ]);
    const fields = { intent: "save", id: String(crash.id), active: "on", displayOrder: "1", minStake: "10", maxStake: "25,000" };
    const ok = await call(gamesRoute.action as Handler, "/admin/games", {
      cookie: cookies.content,
      body: form({ ...fields, maxWin: "5,00,000", roundPayoutCap: "50,00,000" }),
    });
    expect(ok.status).toBe(302);
    expect((await db.select().from(games).where(eq(games.id, crash.id)))[0]).toMatchObject({
      maxWin: 50_000_000n,
      roundPayoutCap: 500_000_000n,
    });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "game.update"), eq(auditLog.entityId, String(crash.id))));
    expect(audit).toMatchObject({
      before: { maxWin: "100000000", roundPayoutCap: "1000000000" },
      after: { maxWin: "50000000", roundPayoutCap: "500000000" },
    });

    for (const [body, field, text] of [
      [{ maxWin: "abc" }, "maxWin", "max win"],
      [{ maxWin: "0" }, "maxWin", "max win"],
      [{ maxWin: "20,000" }, "maxWin", "max win"], // below the max stake
      [{ maxWin: "99999999999999999999" }, "maxWin", "max win"],
      [{ maxWin: "5,00,000", roundPayoutCap: "1,00,000" }, "roundPayoutCap", "round payout cap"], // below the max win
      [{ maxWin: "5,00,000", roundPayoutCap: "-5" }, "roundPayoutCap", "round payout cap"],
    ] as const) {
      const bad = await call(gamesRoute.action as Handler, "/admin/games", { cookie: cookies.content, body: form({ ...fields, ...body }) });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      const result = (bad.data as { result: { error?: Record<string, string[]> } }).result;
      expect(Object.keys(result.error ?? {})).toContain(field);
      expect(answerInEnglish(bad.data)).toContain(text);
    }
    expect((await db.select().from(games).where(eq(games.id, crash.id)))[0]).toMatchObject({ maxWin: 50_000_000n, roundPayoutCap: 500_000_000n });
  });
});

describe("posters", () => {
  it("a file that is not an image is a 400 with a clear message, and nothing is saved", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const out = await call(gamesRoute.action as Handler, "/admin/games", {
      cookie: cookies.content,
      body: posterForm(game.id, html, "poster.png", "image/png"),
    });
    expect(out.status).toBe(400);
    expect(answerInEnglish(out.data)).toContain("PNG, JPEG or WebP");
    expect((await db.select().from(games).where(eq(games.id, game.id)))[0]!.poster).toBe("");
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "game.poster"))).toHaveLength(0);
  });

  it("a PNG is stored, set on the game, audited and served with a long cache and nosniff", async () => {
    const out = await call(gamesRoute.action as Handler, "/admin/games", {
      cookie: cookies.content,
      body: posterForm(game.id, PNG, "whatever.exe", "application/octet-stream"),
    });
    expect(out.status).toBe(302);
    const [row] = await db.select().from(games).where(eq(games.id, game.id));
    expect(row!.poster).toMatch(/^\/poster\/[a-f0-9]{32}\.png$/);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "game.poster"))).toHaveLength(1);

    const name = row!.poster.slice("/poster/".length);
    const served = await call(posterRoute.loader as Handler, row!.poster, { params: { name } });
    expect(served.status).toBe(200);
    expect(served.response!.headers.get("content-type")).toBe("image/png");
    expect(served.response!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.response!.headers.get("cache-control")).toContain("max-age=31536000");
    expect(new Uint8Array(await served.response!.arrayBuffer())).toEqual(PNG);
  });

  it("serves only names that exist", async () => {
    for (const name of [`${"a".repeat(32)}.png`, "..%2F..%2Fetc%2Fpasswd", "x.svg"]) {
      expect((await call(posterRoute.loader as Handler, `/poster/${name}`, { params: { name } })).status).toBe(404);
    }
  });

  it("refuses a poster for an unknown game with a 404 and keeps no file", async () => {
    const files = () => countUploads("posters");
    const before = await files();
    const out = await call(gamesRoute.action as Handler, "/admin/games", {
      cookie: cookies.content,
      body: posterForm(777_777, PNG, "p.png", "image/png"),
    });
    expect(out.status).toBe(404);
    expect(await files()).toBe(before);
  });
});

describe("provider icons", () => {
  const iconOf = async () => (await db.select().from(gameProviders).where(eq(gameProviders.id, provider.id)))[0]!.icon;
  const post = (body: FormData | URLSearchParams, cookie = cookies.content) =>
    call(providersRoute.action as Handler, "/admin/games/providers", { cookie, body });

  it("an uploaded PNG becomes the provider's icon, audited and served; removing it leaves the name alone", async () => {
    const before = await iconOf();
    const bad = await post(posterForm(provider.id, new TextEncoder().encode("<svg onload=alert(1)>"), "i.png", "image/png", "icon"));
    expect(bad.status).toBe(400);
    expect(answerInEnglish(bad.data)).toContain("PNG, JPEG or WebP");
    expect(await iconOf()).toBe(before);

    const out = await post(posterForm(provider.id, PNG, "icon.png", "image/png", "icon"));
    expect(out.status).toBe(302);
    const icon = await iconOf();
    expect(icon).toMatch(/^\/poster\/[a-f0-9]{32}\.png$/);
    const name = icon.slice("/poster/".length);
    expect((await call(posterRoute.loader as Handler, icon, { params: { name } })).status).toBe(200);
    const page = await call(providersRoute.loader as Handler, "/admin/games/providers", { cookie: cookies.content });
    expect((page.data as { providers: Array<{ id: number; icon: string }> }).providers.find((p) => p.id === provider.id)?.icon).toBe(icon);

    expect((await post(form({ intent: "remove-icon", id: String(provider.id) }))).status).toBe(302);
    expect(await iconOf()).toBe("");
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "provider.icon")).orderBy(auditLog.id);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ icon: before }, { icon }],
      [{ icon }, { icon: "" }],
    ]);
  });

  it("an unknown provider is a 404 that keeps no file; finance may not change icons", async () => {
    const before = await countUploads("posters");
    expect((await post(posterForm(777_777, PNG, "p.png", "image/png", "icon"))).status).toBe(404);
    expect(await countUploads("posters")).toBe(before);
    expect((await post(form({ intent: "remove-icon", id: "777777" }))).status).toBe(404);
    expect((await post(form({ intent: "remove-icon", id: String(provider.id) }), cookies.finance)).status).toBe(403);
  });
});
