// A level's Bangla name: shown on the Bangla pages, the English name where it has none; the default levels carry
// one, and a database made before the column got the default levels' names from the migration.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/db.server.ts";
import { DEFAULT_LEVELS } from "./levels.server.ts";
import { levelName } from "./rules.ts";
import { vipLevels } from "./schema.ts";
import { vipReady } from "./test-helpers.ts";

beforeAll(vipReady);

describe("levelName", () => {
  const level = { name: "Elite I", nameBn: "এলিট I" };
  it("is the Bangla name in Bangla and the English name otherwise", () => {
    expect(levelName(level, "bn")).toBe("এলিট I");
    expect(levelName(level, "en")).toBe("Elite I");
  });
  it("falls back to the English name when the Bangla one is missing or blank", () => {
    expect(levelName({ name: "Elite I", nameBn: null }, "bn")).toBe("Elite I");
    expect(levelName({ name: "Elite I", nameBn: "" }, "bn")).toBe("Elite I");
    expect(levelName({ name: "Elite I", nameBn: "  " }, "bn")).toBe("Elite I");
  });
});

describe("the default levels' Bangla names", () => {
  it("come with the levels a new install gets", async () => {
    const rows = await db.select().from(vipLevels).orderBy(vipLevels.experience);
    expect(rows.map((r) => [r.name, r.nameBn])).toEqual(DEFAULT_LEVELS.map((l) => [l.name, l.nameBn]));
    expect(DEFAULT_LEVELS.map((l) => l.nameBn)).toEqual(["সাধারণ", "এলিট I", "এলিট II", "এলিট III", "এলিট IV", "এলিট V"]);
  });

  it("are filled in by the migration on a database made before it, for levels still named as the defaults only", async () => {
    const file = readdirSync("drizzle").find((f) => f.endsWith("_vip_level_bangla_names.sql"));
    expect(file).toBeDefined();
    const fill = readFileSync(path.join("drizzle", file!), "utf8")
      .split("--> statement-breakpoint")
      .filter((s) => /^\s*(--.*\n\s*)*UPDATE/i.test(s));
    expect(fill).toHaveLength(1);
    // As the table was before the migration: no Bangla names; one default level renamed by staff, one of their own.
    await db.update(vipLevels).set({ nameBn: null });
    await db.update(vipLevels).set({ name: "Gold" }).where(eq(vipLevels.name, "Elite V"));
    const [own] = await db.insert(vipLevels).values({ name: "Diamond", experience: 900_000n, ratio: 50, sortOrder: 9 }).returning();
    try {
      await db.execute(sql.raw(fill[0]!));
      const rows = await db.select().from(vipLevels).orderBy(vipLevels.experience);
      expect(rows.map((r) => [r.name, r.nameBn])).toEqual([
        ["Normal", "সাধারণ"],
        ["Elite I", "এলিট I"],
        ["Elite II", "এলিট II"],
        ["Elite III", "এলিট III"],
        ["Elite IV", "এলিট IV"],
        ["Gold", null],
        ["Diamond", null],
      ]);
    } finally {
      await db.delete(vipLevels).where(eq(vipLevels.id, own!.id));
      await db.update(vipLevels).set({ name: "Elite V", nameBn: "এলিট V" }).where(eq(vipLevels.name, "Gold"));
    }
  });
});
