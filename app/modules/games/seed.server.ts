// The game catalogue every install starts with: the house provider (the games of house/registry.ts) always, and in demo
// mode a catalogue of aggregator providers that fills every category (their empty baseUrl makes the built-in
// simulated aggregator answer their launches). Idempotent: rows are matched on platform / code and never changed
// (an icon staff removed stays removed).
import { inArray } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { houseGames } from "./house/registry.ts";
import { DEFAULT_MAX_WIN } from "./house/limits.ts";
import { gameProviders, games } from "./schema.ts";
import { HOUSE_PLATFORM, type GameType } from "./types.ts";
import { openHouseShards } from "./wallet.server.ts";

type SeedGame = { type: GameType; name: string; featured?: boolean; code?: string; maxWin?: bigint; roundPayoutCap?: bigint };
type SeedProvider = { platform: string; name: string; kind: "house" | "aggregator"; filterId?: number; games: SeedGame[] };

const g = (type: GameType, name: string, featured = false): SeedGame => ({ type, name, featured });
const book = (name: string, featured = false): SeedGame => ({ type: "SPORTS", name, featured, code: "BOOK" });

export const houseProvider: SeedProvider = {
  platform: HOUSE_PLATFORM,
  name: "DeshPlay Originals",
  kind: "house",
  games: houseGames.map((h) => ({
    ...g(h.catalogue.type, h.catalogue.name, h.catalogue.featured),
    maxWin: DEFAULT_MAX_WIN,
    roundPayoutCap: h.catalogue.roundPayoutCap,
  })),
};

const agg = (platform: string, name: string, list: SeedGame[], filterId?: number): SeedProvider => ({
  platform,
  name,
  kind: "aggregator",
  filterId,
  games: list,
});

/** The demo catalogue (spec filter ids: KA Gaming 96, Sexy 48, Red Tiger 69, Spadegaming 70). */
export const demoProviders: SeedProvider[] = [
  agg("SEXY", "Sexy", [g("LIVE", "Baccarat Live", true), g("LIVE", "Dragon Tiger"), g("LIVE", "Roulette"), g("LIVE", "Sic Bo")], 48),
  agg("EVO", "Evolution", [
    g("LIVE", "Lightning Roulette", true),
    g("LIVE", "Crazy Time"),
    g("POKER", "Texas Holdem", true),
    g("POKER", "Three Card Poker"),
    g("POKER", "Caribbean Stud"),
    g("LOTTERY", "Mega Ball"),
  ]),
  agg(
    "KA",
    "KA Gaming",
    [
      g("SLOT", "Golden Tiger", true),
      g("SLOT", "Lucky Lotus"),
      g("SLOT", "Fortune Lions"),
      g("FISH", "Fish Hunter", true),
      g("ARCADE", "Plinko Rush"),
      g("LOTTERY", "Keno Express"),
      g("CRASH", "Jet Crash"),
    ],
    96,
  ),
  agg("RT", "Red Tiger", [g("SLOT", "Dragons Fire"), g("SLOT", "Mystic Wheel"), g("TABLE", "European Roulette"), g("TABLE", "Blackjack", true)], 69),
  agg("SG", "Spadegaming", [g("SLOT", "Brothers Kingdom"), g("FISH", "Royal Fishing"), g("FISH", "Ocean King"), g("TABLE", "Sic Bo Deluxe")], 70),
  agg("JILI", "JILI", [
    g("SLOT", "Super Ace", true),
    g("SLOT", "Money Coming"),
    g("FISH", "Mega Fishing"),
    g("CRASH", "Rocket Rise", true),
    g("TABLE", "Teen Patti"),
    g("TABLE", "Andar Bahar"),
    g("POKER", "Poker King"),
    g("LOTTERY", "Bingo Carnival"),
  ]),
  agg("PG", "PG Soft", [g("SLOT", "Mahjong Ways", true), g("SLOT", "Fortune Ox"), g("SLOT", "Treasures of Aztec")]),
  agg("JDB", "JDB", [
    g("SLOT", "Fortune Neko"),
    g("FISH", "Dragon Fishing"),
    g("CRASH", "Plane Rush"),
    g("ARCADE", "Hilo"),
    g("LOTTERY", "Lucky Numbers", true),
  ]),
  // The Sports submenu's third-party books: one catalogue entry each, launched like any provider game.
  agg("ISPORTS", "I-Sports", [book("I-Sports")]),
  agg("E1SPORTS", "E1Sports", [book("E1Sports")]),
  agg("HORSEBOOK", "Horsebook", [book("Horsebook")]),
  agg("VIRTUAL", "Virtual", [book("Virtual")]),
  agg("KABADDI", "Kabaddi", [book("Kabaddi")]),
  agg("FANTASY", "Fantasy", [book("Fantasy")]),
  agg("SBO", "SBO Sports", [book("SBO Sports", true)]),
];

/** PLATFORM-TYPE-NAME: upper case letters, digits and dashes. */
export function gameCode(platform: string, game: SeedGame) {
  const name = (game.code ?? game.name)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${platform}-${game.type}-${name}`;
}

export const posterPath = (code: string) => `/demo/posters/${code}.svg`;

/** Each seeded provider's icon: a small SVG in public/demo/providers named by its platform. */
export const providerIconPath = (platform: string) => `/demo/providers/${platform}.svg`;

// "Latest" sorts by createdAt: the seeded games are spread one day apart, the later in the list the newer.
const CREATED_BASE = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

/** Inserts the house provider and games, and with `demo` the demo catalogue; existing rows are left as they are. */
export async function seedGameCatalogue(db: Executor, { demo }: { demo: boolean }) {
  const list = demo ? [houseProvider, ...demoProviders] : [houseProvider];
  await db
    .insert(gameProviders)
    .values(
      list.map((p, i) => ({
        platform: p.platform,
        name: p.name,
        kind: p.kind,
        filterId: p.filterId ?? null,
        icon: providerIconPath(p.platform),
        sortOrder: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing({ target: gameProviders.platform });
  const rows = await db
    .select({ id: gameProviders.id, platform: gameProviders.platform })
    .from(gameProviders)
    .where(
      inArray(
        gameProviders.platform,
        list.map((p) => p.platform),
      ),
    );
  const providerId = new Map(rows.map((r) => [r.platform, r.id]));
  let order = 0;
  const values = list.flatMap((p) =>
    p.games.map((game) => {
      order += 1;
      const code = gameCode(p.platform, game);
      return {
        code,
        name: game.name,
        type: game.type,
        providerId: providerId.get(p.platform)!,
        poster: posterPath(code),
        displayOrder: order * 10,
        featured: game.featured ?? false,
        ...(game.maxWin ? { maxWin: game.maxWin } : {}),
        roundPayoutCap: game.roundPayoutCap ?? null,
        createdAt: new Date(CREATED_BASE + order * DAY),
      };
    }),
  );
  await db.insert(games).values(values).onConflictDoNothing({ target: games.code });
  for (const p of list) await openHouseShards(p.platform, "BDT", db);
}
