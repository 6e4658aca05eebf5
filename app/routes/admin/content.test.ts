// The content back office as React Router calls it: only admin and content staff, every save audited, images checked
// by their bytes; and what players then see (the Affiliate / Brand Ambassador pages, the footer's partners).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { getHomeContent } from "#app/modules/content/content.server.ts";
import { ensureContentPages, seedFooterPartnersDemo } from "#app/modules/content/pages.server.ts";
import { branding, footerPartners, sliders, socialLinks } from "#app/modules/content/schema.ts";
import { generalSettings } from "#app/modules/settings/schema.ts";
import { createSite, PNG } from "#app/modules/payments/test-helpers.ts";
import { type StaffRole } from "#app/modules/staff/schema.ts";
import { auditLog } from "#app/modules/audit/schema.ts";
import { ensureSeedAdmin } from "#app/modules/staff/staff.server.ts";
import * as contentPage from "#app/routes/pages/content-page.tsx";
import { callRoute } from "#tests/support/route-call.ts";
import * as content from "./content.tsx";
import { staffCookie } from "#tests/kit/sessions.ts";
import { staffMember } from "#tests/kit/players.ts";

const PASSWORD = "StaffPass12345";
const cookies = {} as Record<StaffRole, string>;

beforeAll(async () => {
  await createSite();
  if ((await db.select().from(branding)).length === 0) {
    await db.insert(branding).values({ logo: "/brand/logo.svg", mobileLogo: "/brand/m.svg", loaderLogo: "/brand/l.svg", favicon: "/brand/f.svg" });
  }
  await ensureContentPages(db);
  await ensureSeedAdmin(db, "AdminPass12345");
  cookies.admin = await staffCookie("admin", "AdminPass12345");
  for (const role of ["finance", "content", "support"] as const) {
    await staffMember(role, `${role}c1`, PASSWORD, role);
    cookies[role] = await staffCookie(`${role}c1`, PASSWORD);
  }
});

const post = (path: string, kind: string, cookie: string, fields: Record<string, string>, files: Record<string, File> = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [k, f] of Object.entries(files)) body.set(k, f);
  return callRoute(content, path, { cookie, body, params: { kind } });
};
const png = () => new File([PNG as Uint8Array<ArrayBuffer>], "banner.png", { type: "image/png" });
const lastAudit = async (action: string) => (await db.select().from(auditLog).where(eq(auditLog.action, action))).at(-1);

describe("who may open the content back office", () => {
  it("admin and content may; finance and support get a 403, a guest the login page", async () => {
    for (const role of ["admin", "content"] as const) {
      for (const kind of ["sliders", "announcements", "social-links", "partners", "pages", "branding", "general"]) {
        expect((await callRoute(content, `/admin/content/${kind}`, { cookie: cookies[role], params: { kind } })).status, `${role} ${kind}`).toBe(200);
      }
    }
    for (const role of ["finance", "support"] as const) {
      expect((await callRoute(content, "/admin/content/sliders", { cookie: cookies[role], params: { kind: "sliders" } })).status).toBe(403);
      expect((await post("/admin/content/general", "general", cookies[role], { siteTitle: "Hacked", supportMail: "x@example.com" })).status).toBe(
        403,
      );
    }
    const guest = await callRoute(content, "/admin/content/sliders", { params: { kind: "sliders" } });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/admin\/login/);
    expect((await callRoute(content, "/admin/content/nope", { cookie: cookies.content, params: { kind: "nope" } })).status).toBe(404);
    expect((await callRoute(content, "/admin/content", { cookie: cookies.content, params: {} })).headers.get("location")).toBe(
      "/admin/content/sliders",
    );
    expect((await callRoute(content, "/admin/content/sliders?edit=999999", { cookie: cookies.content, params: { kind: "sliders" } })).status).toBe(
      404,
    );
  });
});

describe("saving", () => {
  it("a new slider needs an image checked by its bytes; the save is audited", async () => {
    const fields = { sliderType: "Main", titleEn: "Cup night", titleBn: "কাপ রাত", link: "/promotions", status: "active", sortOrder: "3" };
    const noImage = await post("/admin/content/sliders?edit=new", "sliders", cookies.content, fields);
    expect(noImage.status).toBe(400);
    expect(JSON.stringify(noImage.data)).toContain("adminContent.errors.imageRequired");
    const fake = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "x.png", { type: "image/png" });
    const bad = await post("/admin/content/sliders?edit=new", "sliders", cookies.content, fields, { thumbnail: fake });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("adminContent.errors.imageType");

    const ok = await post("/admin/content/sliders?edit=new", "sliders", cookies.content, fields, { thumbnail: png() });
    expect(ok.status).toBe(302);
    const [row] = await db.select().from(sliders).where(eq(sliders.titleEn, "Cup night"));
    expect(row).toMatchObject({ sliderType: "Main", link: "/promotions", sortOrder: 3 });
    expect(row!.thumbnail).toMatch(/^\/poster\/[a-f0-9]{32}\.png$/);
    const audit = await lastAudit("content.sliders.create");
    expect(audit).toMatchObject({ entityId: String(row!.id), after: expect.objectContaining({ titleEn: "Cup night" }) });

    // Editing without a new upload keeps the image; only the changed fields are in the audit row.
    const edit = await post(`/admin/content/sliders?edit=${row!.id}`, "sliders", cookies.admin, { ...fields, titleEn: "Cup final" });
    expect(edit.status).toBe(302);
    const [after] = await db.select().from(sliders).where(eq(sliders.id, row!.id));
    expect(after).toMatchObject({ titleEn: "Cup final", thumbnail: row!.thumbnail });
    expect(await lastAudit("content.sliders.update")).toMatchObject({ before: { titleEn: "Cup night" }, after: { titleEn: "Cup final" } });
  });

  it("refuses unsafe links and bad fields with the field's message, never a 500", async () => {
    const out = await post("/admin/content/social-links?edit=new", "social-links", cookies.content, {
      platform: "whatsapp",
      url: "javascript:alert(1)",
      label: "",
      status: "active",
    });
    expect(out.status).toBe(400);
    const text = JSON.stringify(out.data);
    expect(text).toContain("adminContent.errors.link");
    expect(text).toContain("adminContent.errors.required");
    expect(
      (
        await post("/admin/content/social-links?edit=new", "social-links", cookies.content, {
          platform: "myspace",
          url: "https://x.example",
          label: "x",
          status: "active",
        })
      ).status,
    ).toBe(400);
    expect((await post("/admin/content/pages?edit=new", "pages", cookies.content, { titleEn: "x", titleBn: "x" })).status).toBe(404);
    expect((await post("/admin/content/sliders", "sliders", cookies.content, { titleEn: "x" })).status).toBe(404);
    const saved = await post("/admin/content/social-links?edit=new", "social-links", cookies.content, {
      platform: "telegram",
      url: "https://t.me/example_support",
      label: "@example_support",
      status: "active",
    });
    expect(saved.status).toBe(302);
    expect(await db.select().from(socialLinks).where(eq(socialLinks.url, "https://t.me/example_support"))).toHaveLength(1);
  });

  it("general settings: title, support e-mail and footer text, audited, seen by the site at once", async () => {
    const out = await post("/admin/content/general", "general", cookies.content, {
      siteTitle: "DeshPlay Test",
      supportMail: "help@example.com",
      footerTextEn: "Hello footer",
      footerTextBn: "হ্যালো ফুটার",
    });
    expect(out.status).toBe(302);
    const [g] = await db.select().from(generalSettings);
    expect(g).toMatchObject({ siteTitle: "DeshPlay Test", supportMail: "help@example.com", footerTextEn: "Hello footer" });
    expect(await lastAudit("content.general.update")).toMatchObject({ after: expect.objectContaining({ siteTitle: "DeshPlay Test" }) });
    expect((await getHomeContent({ locale: "en", category: null })).footer.text).toBe("Hello footer");
    const bad = await post("/admin/content/general", "general", cookies.content, { siteTitle: "", supportMail: "nope" });
    expect(bad.status).toBe(400);
  });

  it("branding: a logo replaced by an uploaded image, the others kept", async () => {
    const out = await post("/admin/content/branding", "branding", cookies.admin, {}, { logo: png() });
    expect(out.status).toBe(302);
    const [b] = await db.select().from(branding);
    expect(b!.logo).toMatch(/^\/poster\//);
    expect(b!.favicon).toBe("/brand/f.svg");
    expect(await lastAudit("content.branding.update")).toMatchObject({ before: { logo: "/brand/logo.svg" } });
    // Saved with no new file: nothing changes, no audit row, no error.
    const audits = (await db.select().from(auditLog).where(eq(auditLog.action, "content.branding.update"))).length;
    expect((await post("/admin/content/branding", "branding", cookies.admin, {})).status).toBe(302);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "content.branding.update"))).toHaveLength(audits);
  });
});

describe("what players see", () => {
  it("the Affiliate page shows the text staff saved; the Brand Ambassador page and the footer the partners", async () => {
    const list = (await callRoute(content, "/admin/content/pages", { cookie: cookies.content, params: { kind: "pages" } })).data as {
      rows: { id: number; cells: { slug: string } }[];
    };
    const affiliate = list.rows.find((r) => r.cells.slug === "affiliate")!;
    const saved = await post(`/admin/content/pages?edit=${affiliate.id}`, "pages", cookies.content, {
      titleEn: "Partner with us",
      titleBn: "আমাদের সঙ্গী হন",
      bodyEn: "Earn 30% revenue share.",
      bodyBn: "৩০% আয় ভাগ।",
    });
    expect(saved.status).toBe(302);
    const shown = await callRoute(contentPage, "/affiliate");
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ slug: "affiliate", page: { title: "Partner with us", body: "Earn 30% revenue share." } });

    await seedFooterPartnersDemo(db);
    await seedFooterPartnersDemo(db);
    expect(await db.select().from(footerPartners)).toHaveLength(3);
    const ambassadors = await callRoute(contentPage, "/brand-ambassador");
    expect(ambassadors.data).toMatchObject({ partners: { sponsor: { role: "Official Sponsor" }, ambassadors: [{}, {}] } });
    const [one] = await db
      .select()
      .from(footerPartners)
      .where(and(eq(footerPartners.kind, "ambassador"), eq(footerPartners.sortOrder, 2)));
    await post(`/admin/content/partners?edit=${one!.id}`, "partners", cookies.content, {
      kind: "ambassador",
      nameEn: "Renamed Ambassador",
      nameBn: "নতুন নাম",
      termsEn: "Until 2030.",
      status: "active",
      sortOrder: "2",
    });
    const home = await getHomeContent({ locale: "en", category: null });
    expect(home.footer.partners.ambassadors.map((a) => a.name)).toContain("Renamed Ambassador");
    expect(home.footer.partners.sponsor?.terms).toMatch(/2026 and 2027/);
  });
});
