// /promotions and /promotions/:id as React Router calls them: open to guests, the category tabs as a GET filter.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeIdleConnections, createPromotion, createStaff } from "#app/modules/payments/test-helpers.ts";
import { parseCategoryParam } from "#app/modules/promotions/categories.ts";
import { savePromotion } from "#app/modules/promotions/promotions.server.ts";
import { promotionFormSchema } from "#app/modules/promotions/validation.ts";
import { callRoute } from "#tests/support/route-call.ts";
import * as promotionDetails from "./promotion-details.tsx";
import * as promotionsPage from "./promotions.tsx";

afterAll(closeIdleConnections);

type Page = { category: number | null; promotions: { id: number; preview: string; description: string }[] };
const ids = (out: { data: unknown }) => (out.data as Page).promotions.map((p) => p.id);

let slots: { id: number };
let crash: { id: number };
let none: { id: number };
beforeAll(async () => {
  slots = await createPromotion({ nameEn: "Slots week", categoryIds: [1, 99], descriptionEn: "One two three four five six seven" });
  crash = await createPromotion({ nameEn: "Crash night", categoryIds: [8192] });
  none = await createPromotion({ nameEn: "Plain" });
  await createPromotion({ nameEn: "Off", categoryIds: [1], status: "inactive" });
});

describe("/promotions", () => {
  it("is open to guests and lists every active promotion under ALL", async () => {
    const out = await callRoute(promotionsPage, "/promotions");
    expect(out.status).toBe(200);
    expect(ids(out)).toEqual(expect.arrayContaining([slots.id, crash.id, none.id]));
    expect((out.data as Page).category).toBeNull();
  });

  it("filters by the spec's category ids, and never shows an inactive one", async () => {
    const slotTab = await callRoute(promotionsPage, "/promotions?category=1");
    expect(ids(slotTab)).toContain(slots.id);
    expect(ids(slotTab)).not.toContain(crash.id);
    expect(ids(slotTab)).not.toContain(none.id);
    expect((slotTab.data as Page).promotions.every((p) => p.id !== undefined)).toBe(true);
    expect(ids(await callRoute(promotionsPage, "/promotions?category=99"))).toContain(slots.id);
    const crashTab = ids(await callRoute(promotionsPage, "/promotions?category=8192"));
    expect(crashTab).toContain(crash.id);
    expect(crashTab).not.toContain(slots.id);
  });

  it("shows ALL for an unknown or malformed category, never an error", async () => {
    for (const q of ["16", "abc", "-1", "99999999999", "1,2", ""]) {
      const out = await callRoute(promotionsPage, `/promotions?category=${encodeURIComponent(q)}`);
      expect(out.status).toBe(200);
      expect((out.data as Page).category).toBeNull();
    }
    expect(parseCategoryParam("2048")).toBeNull();
    expect(parseCategoryParam("512")).toBe(512);
  });

  it("previews 5 words of the description", async () => {
    const card = (await callRoute(promotionsPage, "/promotions?category=1")).data as Page;
    expect(card.promotions.find((p) => p.id === slots.id)?.preview).toBe("One two three four five");
  });

  it("shows the details page to guests; an unknown id is a 404", async () => {
    expect((await callRoute(promotionDetails, `/promotions/${slots.id}`, { params: { id: String(slots.id) } })).status).toBe(200);
    expect((await callRoute(promotionDetails, "/promotions/0", { params: { id: "0" } })).status).toBe(404);
  });
});

describe("promotion categories (back office)", () => {
  it("staff set them from the form's checkboxes; unknown ids are refused; the change is saved sorted and audited", async () => {
    const form = (categories: string[]) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        nameEn: "Cats",
        nameBn: "বিভাগ",
        bonusPercent: "10",
        turnoverMultiplier: "1",
        startsAt: "2026-01-01T00:00",
        status: "active",
      }))
        f.set(k, v);
      for (const c of categories) f.append("categoryIds", c);
      return promotionFormSchema.safeParse(
        Object.fromEntries([...new Set(f.keys())].map((k) => [k, f.getAll(k).length > 1 ? f.getAll(k) : f.get(k)])),
      );
    };
    expect(form([]).data?.categoryIds).toEqual([]);
    expect(form(["8192"]).data?.categoryIds).toEqual([8192]);
    expect(form(["8192", "1"]).data?.categoryIds).toEqual([8192, 1]);
    expect(form(["16"]).success).toBe(false);
    expect(form(["x"]).success).toBe(false);
    const staff = await createStaff();
    const saved = await savePromotion(staff.id, { ...form(["8192", "1", "1"]).data!, id: null });
    expect(saved.categoryIds).toEqual([1, 8192]);
    await expect(savePromotion(staff.id, { ...form([]).data!, categoryIds: [16] })).rejects.toMatchObject({ field: "categoryIds" });
  });
});
