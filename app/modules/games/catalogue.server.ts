// The game catalogue: providers and games as players see them (only active games of active providers),
// filters and sorts of /games, favourites, featured games for home, and the side menu's cached provider lists.
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { contentChanged, ttlCache } from "#app/utils/ttl-cache.server.ts";
import { gameFavourites, gameProviders, games } from "./schema.ts";
import { gameTypes, type GameType } from "./types.ts";

export const gameSorts = ["recommend", "latest", "favorite", "az"] as const;
export type GameSort = (typeof gameSorts)[number];

/** Shown when a game has no poster (the spec's default fallback). */
export const DEFAULT_POSTER = "/demo/posters/default.svg";

const PLATFORM = /^[A-Z0-9]{2,20}$/;
const MAX_SYSTEMS = 50;

/**
 * Provider codes from query values: repeated parameters (form checkboxes), comma lists ("KA,JILI") or a JSON
 * list ('["KA","JILI"]'), upper-cased and de-duplicated. `invalid` is set when any value is malformed (those are
 * left out of `systems`).
 */
export function parseSystems(values: string[]): { systems: string[]; invalid: boolean } {
  const systems = new Set<string>();
  let invalid = false;
  for (const value of values) {
    let parts: unknown[] = value.split(",");
    if (value.trim().startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(value);
        parts = Array.isArray(parsed) ? parsed : [null];
      } catch {
        parts = [null];
      }
    }
    for (const part of parts) {
      const code = typeof part === "string" ? part.trim().toUpperCase() : null;
      if (code === "") continue;
      if (code && PLATFORM.test(code)) systems.add(code);
      else invalid = true;
    }
  }
  if (systems.size > MAX_SYSTEMS) return { systems: [...systems].slice(0, MAX_SYSTEMS), invalid: true };
  return { systems: [...systems], invalid };
}

export type CatalogueGame = {
  id: number;
  code: string;
  name: string;
  type: string;
  platform: string;
  provider: string;
  poster: string;
  isFavourite: boolean;
};

const visible = and(eq(games.active, true), eq(gameProviders.status, "active"))!;

/** LIKE pattern that matches `text` literally anywhere (%, _ and \ escaped; \ is PostgreSQL's default escape). */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function gameColumns(favourite: SQL<boolean>) {
  return {
    id: games.id,
    code: games.code,
    name: games.name,
    type: games.type,
    platform: gameProviders.platform,
    provider: gameProviders.name,
    poster: games.poster,
    isFavourite: favourite,
  };
}

const withPoster = <T extends { poster: string }>(row: T): T => ({ ...row, poster: row.poster || DEFAULT_POSTER });

export type ListGamesInput = {
  type?: GameType;
  systems?: string[];
  title?: string;
  sort?: GameSort;
  playerId?: number;
  limit?: number;
};

/** Active games of active providers, filtered by type, providers (platforms) and a case-insensitive name search. */
export async function listGames({ type, systems, title, sort = "recommend", playerId, limit = 500 }: ListGamesInput = {}): Promise<CatalogueGame[]> {
  const favourite = playerId
    ? sql<boolean>`exists (select 1 from ${gameFavourites} where ${gameFavourites.playerId} = ${playerId} and ${gameFavourites.gameId} = ${games.id})`
    : sql<boolean>`false`;
  const where = [visible];
  if (type) where.push(eq(games.type, type));
  if (systems && systems.length > 0) where.push(inArray(gameProviders.platform, systems));
  const search = title?.trim();
  if (search) where.push(ilike(games.name, containsPattern(search)));
  const byOrder = [asc(games.displayOrder), asc(games.name), asc(games.id)];
  const orderBy =
    sort === "latest"
      ? [desc(games.createdAt), desc(games.id)]
      : sort === "az"
        ? [asc(sql`lower(${games.name})`), asc(games.id)]
        : sort === "favorite"
          ? [desc(favourite), ...byOrder]
          : byOrder;
  const rows = await db
    .select(gameColumns(favourite))
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map(withPoster);
}

export type CatalogueProvider = { id: number; platform: string; name: string; icon: string; filterId: number | null };

/** Active providers that have at least one active game (of `type`, when given), in the staff's order. */
export async function listProviders({ type }: { type?: GameType } = {}): Promise<CatalogueProvider[]> {
  const gameWhere = and(eq(games.providerId, gameProviders.id), eq(games.active, true), type ? eq(games.type, type) : undefined);
  return db
    .select({
      id: gameProviders.id,
      platform: gameProviders.platform,
      name: gameProviders.name,
      icon: gameProviders.icon,
      filterId: gameProviders.filterId,
    })
    .from(gameProviders)
    .where(and(eq(gameProviders.status, "active"), sql`exists (select 1 from ${games} where ${gameWhere})`))
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name));
}

/** Active providers among these platforms, in the staff's order (the API's get-provider). */
export async function listProvidersByPlatform(platforms: string[]): Promise<CatalogueProvider[]> {
  if (platforms.length === 0) return [];
  return (await listProviders()).filter((p) => platforms.includes(p.platform));
}

/** The game types that have at least one active game, in the order of gameTypes. */
export async function listTypes(): Promise<GameType[]> {
  const rows = await db
    .selectDistinct({ type: games.type })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(visible);
  const present = new Set(rows.map((r) => r.type));
  return gameTypes.filter((t) => present.has(t));
}

/** Featured active games (home's grid), of one type when given. */
export async function listFeaturedGames(type?: GameType): Promise<CatalogueGame[]> {
  const rows = await db
    .select(gameColumns(sql<boolean>`false`))
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(visible, eq(games.featured, true), type ? eq(games.type, type) : undefined))
    .orderBy(asc(games.displayOrder), asc(games.id));
  return rows.map(withPoster);
}

/** The player's favourite active games, the most recently marked first. */
export async function listFavouriteGames(playerId: number): Promise<CatalogueGame[]> {
  const rows = await db
    .select(gameColumns(sql<boolean>`true`))
    .from(gameFavourites)
    .innerJoin(games, eq(games.id, gameFavourites.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(visible, eq(gameFavourites.playerId, playerId)))
    .orderBy(desc(gameFavourites.createdAt), desc(games.id));
  return rows.map(withPoster);
}

/** An active game of an active provider by its code, with its provider. */
export async function getGameByCode(code: string) {
  const [row] = await db
    .select({ game: games, provider: gameProviders })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(visible, eq(games.code, code)));
  return row ? { ...row, game: withPoster(row.game) } : undefined;
}

async function isVisibleGame(gameId: number) {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(visible, eq(games.id, gameId)));
  return !!row;
}

/**
 * Marks (`want` true), unmarks (false) or flips (undefined) a favourite; returns the state it leaves, or null for
 * a game that is not in the catalogue. One statement each way, so parallel requests never fail or leave a
 * duplicate: a flip deletes the row, or inserts it when there was none (a racing insert is a no-op).
 */
export async function toggleFavourite(playerId: number, gameId: number, want?: boolean): Promise<boolean | null> {
  if (!(await isVisibleGame(gameId))) return null;
  const mine = and(eq(gameFavourites.playerId, playerId), eq(gameFavourites.gameId, gameId));
  if (want === true) {
    await db.insert(gameFavourites).values({ playerId, gameId }).onConflictDoNothing();
    return true;
  }
  if (want === false) {
    await db.delete(gameFavourites).where(mine);
    return false;
  }
  const result = await db.execute<{ deleted: number }>(sql`
    with deleted as (delete from ${gameFavourites} where ${mine} returning 1),
    inserted as (
      insert into ${gameFavourites} (player_id, game_id)
      select ${playerId}, ${gameId} where not exists (select 1 from deleted)
      on conflict do nothing returning 1
    )
    select (select count(*) from deleted)::int as deleted`);
  return Number((result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0) === 0;
}

export type MenuProvider = { platform: string; name: string };
export type CatalogueMenu = { providers: Record<GameType, MenuProvider[]>; sports: Array<{ code: string; name: string; platform: string }> };

async function loadMenu(): Promise<CatalogueMenu> {
  const rows = await db
    .selectDistinct({ type: games.type, platform: gameProviders.platform, name: gameProviders.name, sortOrder: gameProviders.sortOrder })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(visible)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name));
  const providers = Object.fromEntries(gameTypes.map((t) => [t, [] as MenuProvider[]])) as Record<GameType, MenuProvider[]>;
  for (const r of rows) providers[r.type as GameType]?.push({ platform: r.platform, name: r.name });
  const sports = (await listGames({ type: "SPORTS" })).map(({ code, name, platform }) => ({ code, name, platform }));
  return { providers, sports };
}

// The side menu is on every page: read it at most once per this many ms per instance.
const MENU_TTL_MS = 30_000;
const menu = ttlCache(MENU_TTL_MS, loadMenu);

/** Each game type's providers and the sports books, for the side menu and the desktop top bar (cached). */
export function getCatalogueMenu(): Promise<CatalogueMenu> {
  return menu.get();
}

/** After staff change the catalogue: the menu, home's featured games and every other content cache are read again. */
export function clearCatalogueMenuCache() {
  contentChanged();
}
