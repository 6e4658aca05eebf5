import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import { createInstance } from "./i18next.ts";

type Tree = { [key: string]: string | Tree };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

/** Values for every placeholder of a string (and of the strings it nests), as a page would pass them. */
function sampleOptions(text: string, count: number) {
  const options: Record<string, unknown> = { count };
  for (const [, name] of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) options[name!] = `<${name}>`;
  // protectionLimits.refused nests a name and a reset period chosen by value.
  Object.assign(options, { name: "deposit", resets: "day", limit: "1,000", remaining: "250" });
  return options;
}

describe("the browser's i18next", () => {
  for (const lng of ["en", "bn"] as const) {
    it(`gives the same text as i18next for every ${lng} string, with values, plurals and nested keys`, async () => {
      const real = i18next.createInstance();
      await real.init({ lng, resources, interpolation: { escapeValue: false } });
      const mine = createInstance();
      await mine.init({ lng, resources: { [lng]: resources[lng] } as never });
      const realT = real.t as unknown as (key: string, options?: object) => string;
      const keys = keysOf(resources[lng].translation as Tree).map((k) => k.replace(/_(one|other)$/, ""));
      expect(keys.length).toBeGreaterThan(1000);
      const differences: string[] = [];
      for (const key of new Set(keys)) {
        for (const count of [0, 1, 2]) {
          const text = String(realT(key));
          const options = sampleOptions(text, count);
          const expected = realT(key, options);
          const actual = mine.t(key, options);
          if (actual !== expected) differences.push(`${key} (${count}): ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`);
        }
      }
      expect(differences).toEqual([]);
      expect(mine.t("no.such.key")).toBe(realT("no.such.key"));
      expect(mine.t("no.such.key", { defaultValue: "deposit.approve" })).toBe(realT("no.such.key", { defaultValue: "deposit.approve" }));
      expect(mine.t("no.such.key", { defaultValue: "Hi {{name}}", name: "Rahim" })).toBe(
        realT("no.such.key", { defaultValue: "Hi {{name}}", name: "Rahim" }),
      );
    });
  }

  it("adds a route's area to the catalogue", async () => {
    const mine = createInstance();
    await mine.init({ lng: "en", resources: { en: { translation: { a: { b: "x" } } } } });
    mine.addResourceBundle("en", "translation", { c: { d: "Hello {{name}}" } });
    expect(mine.getResource("en", "translation", "c")).toEqual({ d: "Hello {{name}}" });
    expect(mine.t("c.d", { name: "Rahim" })).toBe("Hello Rahim");
    expect(mine.t("a.b")).toBe("x");
    expect(mine.exists("c.d")).toBe(true);
    expect(mine.exists("c.e")).toBe(false);
  });
});
