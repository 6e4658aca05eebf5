import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { buildSprite, ICON_DIR, SPRITE_FILE } from "../../../scripts/icon-sprite.ts";

test("the category icon sprite holds every seeded icon as it is now (else run scripts/icon-sprite.ts)", () => {
  const sprite = readFileSync(SPRITE_FILE, "utf8");
  expect(sprite).toBe(buildSprite());
  for (const file of readdirSync(ICON_DIR).filter((f) => f.endsWith(".svg"))) {
    expect(sprite).toContain(`<symbol id="${file.replace(/\.svg$/, "")}" viewBox="0 0 48 48">`);
  }
});
