// Builds app/components/home/category-icons.svg, one <symbol> per file in public/demo/categories (the seeded
// category icons), so the home page's category bar fetches one file instead of one per category.
// Run after changing those icons: `npx node scripts/icon-sprite.ts` (a test fails while the sprite is stale).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ICON_DIR = path.resolve(import.meta.dirname, "../public/demo/categories");
export const SPRITE_FILE = path.resolve(import.meta.dirname, "../app/components/home/category-icons.svg");

/** Each icon's <svg> becomes a <symbol id="<file name>"> with the same viewBox and content. */
export function buildSprite(dir = ICON_DIR) {
  const symbols = readdirSync(dir)
    .filter((f) => f.endsWith(".svg"))
    .sort()
    .map((file) => {
      const svg = readFileSync(path.join(dir, file), "utf8");
      const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
      const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1]?.trim();
      if (!viewBox || !body) throw new Error(`${file}: no viewBox or content`);
      return `<symbol id="${path.basename(file, ".svg")}" viewBox="${viewBox}">${body}</symbol>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (import.meta.main) {
  writeFileSync(SPRITE_FILE, buildSprite());
  console.log(`wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
