// /games and the side menu rendered on the server the way a phone without JavaScript gets them.
import { expect, it } from "vitest";
import { SideMenu } from "#app/components/layout/SideMenu.tsx";
import type { CatalogueMenu } from "#app/modules/games/catalogue.server.ts";
import Games from "./games.tsx";
import { renderRoute } from "#tests/support/render-route.tsx";

const game = {
  id: 7,
  code: "KA-SLOT-GOLDEN-TIGER",
  name: "Golden Tiger",
  type: "SLOT",
  platform: "KA",
  provider: "KA Gaming",
  poster: "/demo/posters/KA-SLOT-GOLDEN-TIGER.svg",
  isFavourite: true,
};
const data = (over: Record<string, unknown> = {}) => ({
  area: undefined,
  pageTitle: "Slot | DeshPlay",
  description: "d",
  heading: "Slot",
  action: "/slot",
  filter: { type: "SLOT", systems: ["KA"], q: "tig", sort: "az" },
  providers: [
    { platform: "KA", name: "KA Gaming", icon: "/demo/providers/KA.svg" },
    { platform: "JILI", name: "JILI", icon: "" },
  ],
  types: null,
  games: [game],
  loggedIn: true,
  from: "/slot?system=KA&q=tig&sort=az",
  ...over,
});

it("renders the filter form, the tiles and the favourite star, in English and Bangla", async () => {
  const en = await renderRoute("en", "/slot?system=KA&q=tig&sort=az", Games, data());
  expect(en).toContain('method="get"');
  expect(en).toMatch(/<input type="checkbox"[^>]*name="system" checked="" value="KA"/);
  expect(en).toMatch(/<input type="checkbox"[^>]*name="system" value="JILI"/);
  expect(en).toContain('name="q"');
  expect(en).toContain('value="az" selected=""');
  expect(en).toContain(`href="/gamerun?code=KA-SLOT-GOLDEN-TIGER&amp;from=%2Fslot%3Fsystem%3DKA%26q%3Dtig%26sort%3Daz"`);
  expect(en).toContain('action="/games/favourite"');
  expect(en).toContain('name="favourite" value="0"');
  expect(en).toContain("Remove Golden Tiger from favourites");
  expect(en).not.toContain('name="type"');
  expect(en).not.toMatch(/casino\.[a-z]/);

  const bn = await renderRoute("bn", "/games", Games, data({ action: "/games", types: ["LIVE", "SLOT"], games: [], loggedIn: false }));
  expect(bn).toContain('name="type"');
  expect(bn).toContain("কোনো তথ্য নেই");
  expect(bn).not.toContain("favourite");
  expect(bn).not.toMatch(/casino\.[a-z]/);
});

it("shows a provider's icon beside its name at a fixed size, lazily, and only the name for a provider without one", async () => {
  const html = await renderRoute("en", "/slot?system=KA&q=tig&sort=az", Games, data());
  const filters = html.slice(html.indexOf('data-testid="game-filters"'), html.indexOf("</fieldset>"));
  const icons = filters.match(/<img [^>]*>/g) ?? [];
  expect(icons).toHaveLength(1);
  const [icon] = icons;
  expect(icon).toContain('src="/demo/providers/KA.svg"');
  expect(icon).toContain('alt=""');
  expect(icon).toContain('width="16"');
  expect(icon).toContain('height="16"');
  expect(icon).toContain('loading="lazy"');
  // The icon sits in the chip just before KA Gaming's name; JILI's chip is its name alone.
  const chip = (platform: string) =>
    filters.slice(filters.indexOf(`value="${platform}"`), filters.indexOf("</label>", filters.indexOf(`value="${platform}"`)));
  expect(chip("KA")).toMatch(/<img [^>]*src="\/demo\/providers\/KA\.svg"[^>]*\/?><span>KA Gaming<\/span>/);
  expect(chip("JILI")).toContain("JILI</span>");
  expect(chip("JILI")).not.toContain("<img");
});

it("lists each category's providers and the sports books in the side menu, with nothing of the casino 'coming'", async () => {
  const menu: CatalogueMenu = {
    providers: {
      LIVE: [{ platform: "SEXY", name: "Sexy" }],
      SLOT: [{ platform: "KA", name: "KA Gaming" }],
      TABLE: [],
      POKER: [],
      CRASH: [],
      FISH: [],
      ARCADE: [],
      LOTTERY: [{ platform: "JDB", name: "JDB" }],
      SPORTS: [],
    },
    sports: [{ code: "SBO-SPORTS-BOOK", name: "SBO Sports", platform: "SBO" }],
  };
  const html = await renderRoute("en", "/", () => <SideMenu loggedIn={false} menu={menu} />, null);
  expect(html).toContain('href="/games?type=LIVE&amp;system=SEXY&amp;title=Sexy"');
  expect(html).toContain('href="/games?type=SLOT&amp;system=KA&amp;title=KA+Gaming"');
  expect(html).toContain('href="/casino"');
  expect(html).toContain('href="/table"');
  expect(html).toContain('href="/lottery"');
  expect(html).toContain('href="/gamerun?code=SBO-SPORTS-BOOK&amp;from=%2F"');
  // Nothing is still coming: the exchange and the member entries lead to their pages.
  expect(html).not.toContain('class="upcoming"');
  expect(html).toContain('<a href="/exchange">Exchange</a>');
  for (const href of ["/promotions", "/refrrel-program", "/vip", "/affiliate", "/chat", "/brand-ambassador"])
    expect(html).toContain(`href="${href}"`);
});
