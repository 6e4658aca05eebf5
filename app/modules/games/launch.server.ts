// Game launches: a one-time token per launch (only its SHA-256 is stored), the provider adapter's URL for it,
// and the single use of the token when /gamerun opens the game.
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db } from "#app/db/db.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { adapterFor, LaunchError, type LaunchDevice, type LaunchLang } from "./adapters/index.ts";
import { getGameByCode } from "./catalogue.server.ts";
import { GAME_SESSION_HOURS, hashLaunchToken } from "./launch-token.server.ts";
import { gameLaunches, gameProviders, games } from "./schema.ts";

const log = rootLog.child({ module: "games" });
export const LAUNCH_TTL_SECONDS = 120;

export { GAME_SESSION_HOURS, hashLaunchToken };
const newToken = () => randomBytes(32).toString("base64url");
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
export const isLaunchTokenFormat = (token: unknown): token is string => typeof token === "string" && TOKEN_FORMAT.test(token);

export type LaunchGame = { code: string; name: string; type: string; poster: string };

export type StartLaunchInput = { playerId: number; gameCode: string; device: LaunchDevice; returnTo: string; lang: LaunchLang };

export const gameUnavailable = () => new LaunchError("game_unavailable", "Game not found", 404);

/**
 * Starts a launch of an active game of an active provider: stores the token's hash (valid for 2 minutes), asks
 * the provider's adapter for the game URL and keeps it on the row. Throws LaunchError (a failed launch leaves no
 * usable row behind).
 */
export async function startLaunch({ playerId, gameCode, device, returnTo, lang }: StartLaunchInput) {
  const [found, [player]] = await Promise.all([
    getGameByCode(gameCode),
    db.select({ id: players.id, username: players.username, currency: players.currency }).from(players).where(eq(players.id, playerId)),
  ]);
  if (!player) throw new LaunchError("not_logged_in", "User not logged in", 401);
  if (!found) throw gameUnavailable();
  const { game, provider } = found;

  const token = newToken();
  const [row] = await db
    .insert(gameLaunches)
    .values({
      tokenHash: hashLaunchToken(token),
      playerId,
      gameId: game.id,
      device,
      returnTo,
      expiresAt: sql`now() + make_interval(secs => ${LAUNCH_TTL_SECONDS})`,
    })
    .returning({ id: gameLaunches.id });
  let url: string;
  try {
    ({ url } = await adapterFor(provider).launch({
      player,
      game: { code: game.code, name: game.name, type: game.type },
      provider,
      device,
      token,
      lang,
      returnUrl: new URL(returnTo, getEnv().PUBLIC_URL).href,
    }));
  } catch (e) {
    await db.delete(gameLaunches).where(eq(gameLaunches.id, row!.id));
    if (e instanceof LaunchError) throw e;
    log.error({ err: e }, "launch adapter failed");
    throw new LaunchError("unexpected", "An unexpected error occurred", 502);
  }
  await db.update(gameLaunches).set({ url }).where(eq(gameLaunches.id, row!.id));
  return { token, url, game: { code: game.code, name: game.name, type: game.type, poster: game.poster } satisfies LaunchGame };
}

/**
 * Uses a launch token once: only the player it was made for, before it expires, and only the first of any
 * number of parallel opens (one conditional UPDATE). Throws LaunchError "launch_invalid" otherwise.
 */
export async function openLaunch(token: string, playerId: number) {
  if (!isLaunchTokenFormat(token)) throw new LaunchError("launch_invalid", "This game link has expired or was already used", 410);
  const [opened] = await db
    .update(gameLaunches)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(gameLaunches.tokenHash, hashLaunchToken(token)),
        eq(gameLaunches.playerId, playerId),
        sql`${gameLaunches.usedAt} is null`,
        sql`${gameLaunches.expiresAt} > now()`,
        sql`${gameLaunches.url} <> ''`,
      ),
    )
    .returning({ id: gameLaunches.id, url: gameLaunches.url, returnTo: gameLaunches.returnTo, gameId: gameLaunches.gameId });
  if (!opened) throw new LaunchError("launch_invalid", "This game link has expired or was already used", 410);
  const [game] = await db
    .select({ code: games.code, name: games.name, type: games.type, poster: games.poster })
    .from(games)
    .where(eq(games.id, opened.gameId));
  return { launchId: opened.id, url: opened.url, returnTo: opened.returnTo, game: game! satisfies LaunchGame };
}

/** The game a launch of this player was for, used or not (for a "Play again" after a spent link). */
export async function launchGameCode(token: string, playerId: number): Promise<string | undefined> {
  if (!isLaunchTokenFormat(token)) return undefined;
  const [row] = await db
    .select({ code: games.code })
    .from(gameLaunches)
    .innerJoin(games, eq(games.id, gameLaunches.gameId))
    .where(and(eq(gameLaunches.tokenHash, hashLaunchToken(token)), eq(gameLaunches.playerId, playerId)));
  return row?.code;
}

export const SIM_SESSION_HOURS = GAME_SESSION_HOURS;

/**
 * The simulated aggregator's session: the launch token identifies it, as a provider's session token would. A
 * launch opened (used) in the last 12 hours by this player for a game of an aggregator without a base URL
 * resolves to its player and game; it is not consumed again. Anything else: undefined.
 */
export async function findSimSession(token: string, playerId: number) {
  if (!isLaunchTokenFormat(token)) return undefined;
  const [row] = await db
    .select({
      launchId: gameLaunches.id,
      playerId: gameLaunches.playerId,
      game: { id: games.id, code: games.code, name: games.name, type: games.type, minStake: games.minStake, maxStake: games.maxStake },
      platform: gameProviders.platform,
    })
    .from(gameLaunches)
    .innerJoin(games, eq(games.id, gameLaunches.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        eq(gameLaunches.tokenHash, hashLaunchToken(token)),
        eq(gameLaunches.playerId, playerId),
        sql`${gameLaunches.usedAt} > now() - make_interval(hours => ${GAME_SESSION_HOURS})`,
        eq(gameProviders.kind, "aggregator"),
        sql`trim(${gameProviders.baseUrl}) = ''`,
        eq(gameProviders.status, "active"),
        eq(games.active, true),
      ),
    );
  return row && { ...row, token };
}

/** The spec's split of a game code on dashes: PLATFORM-TYPE-NAME → platform and type. */
export function splitGameCode(code: string): { platform: string; type: string } | undefined {
  const [platform, type, ...rest] = code.split("-");
  return platform && type && rest.length > 0 && rest.every(Boolean) ? { platform, type } : undefined;
}

export { isLaunchError, type LaunchError } from "./adapters/index.ts";
export { simBalance, simSpin } from "./adapters/sim-aggregator.server.ts";
