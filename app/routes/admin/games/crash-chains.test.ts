// /admin/games/crash-chains through the route caller: admins publish a chain and fix its salt once; bad input is a
// 400 with the message next to the field; other roles get a 403; /fair lists the chain with its seeding event.
import { beforeAll, describe, expect, it } from "vitest";
import { callRoute as call } from "#tests/support/route-call.ts";
import { seedAdmin, SEED_ADMIN_PASSWORD, staffMember } from "#tests/kit/players.ts";
import { staffCookie } from "#tests/kit/sessions.ts";
import { createSite } from "#tests/kit/settings.ts";
import * as fair from "#app/routes/games/fair.tsx";
import * as route from "./crash-chains.tsx";

const PATH = "/admin/games/crash-chains";
let admin: string;
let content: string;

beforeAll(async () => {
  await createSite();
  await seedAdmin();
  admin = await staffCookie("admin", SEED_ADMIN_PASSWORD);
  await staffMember("content", "content1", "StaffPass12345", "content");
  content = await staffCookie("content1", "StaffPass12345");
});

type Page = { chains: { id: number; status: string; terminatingHash: string; salt: string | null; saltSource: string }[]; notice: string | null };
type Reply = { form: string; result: { error?: Record<string, string[]> } };

describe(PATH, () => {
  it("publishes a chain, then fixes its salt once; /fair shows both steps", async () => {
    const published = await call(route, PATH, { cookie: admin, form: { intent: "publish", saltSource: "drand quicknet round 20,000,000" } });
    expect(published.status).toBe(302);
    const id = Number(new URL(published.headers.get("location")!, "http://x").searchParams.get("chain"));
    const listed = (await call(route, `${PATH}?saved=published&chain=${id}`, { cookie: admin })).data as Page;
    expect(listed.notice).toBe(`Chain #${id} published. Fix its salt once the value exists.`);
    const chain = listed.chains.find((c) => c.id === id)!;
    expect(chain).toMatchObject({ status: "waiting", salt: null, saltSource: "drand quicknet round 20,000,000" });
    const beforeSalt = (await call(fair, "/fair")).data as { chains: { id: number; terminatingHash: string; salt: string | null }[] };
    expect(beforeSalt.chains.find((c) => c.id === id)).toMatchObject({ terminatingHash: chain.terminatingHash, salt: null });

    const bad = await call(route, PATH, { cookie: admin, form: { intent: "fix", chainId: String(id), salt: " spaced " } });
    expect(bad.status).toBe(400);
    expect((bad.data as Reply).result.error?.[""]).toEqual([expect.stringContaining("exactly as published")]);
    const fixed = await call(route, PATH, { cookie: admin, form: { intent: "fix", chainId: String(id), salt: "a1b2c3" } });
    expect(fixed.status).toBe(302);
    const again = await call(route, PATH, { cookie: admin, form: { intent: "fix", chainId: String(id), salt: "other" } });
    expect(again.status).toBe(400);
    expect((again.data as Reply).form).toBe(`chain-${id}`);
    expect((again.data as Reply).result.error?.[""]).toEqual(["This chain's salt is already fixed: a salt is set once."]);
    const after = (await call(fair, "/fair")).data as { chains: { id: number; salt: string | null }[] };
    expect(after.chains.find((c) => c.id === id)!.salt).toBe("a1b2c3");
  });

  it("answers a missing source with 400 next to the field, and other roles with 403", async () => {
    const empty = await call(route, PATH, { cookie: admin, form: { intent: "publish", saltSource: "  " } });
    expect(empty.status).toBe(400);
    expect((empty.data as Reply).result.error?.saltSource).toEqual(["adminGames.chains.errors.sourceRequired"]);
    expect((await call(route, PATH, { cookie: content })).status).toBe(403);
    expect((await call(route, PATH, { cookie: content, form: { intent: "publish", saltSource: "x" } })).status).toBe(403);
    expect((await call(route, PATH)).status).toBe(302);
  });
});
