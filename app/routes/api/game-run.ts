import { z } from "zod";
import { getEnv } from "#app/config/env.server.ts";
import { english, englishToken, issuesByField, apiError, checkMethod, NO_STORE, readBody, rejectMethod } from "#app/modules/api/index.server.ts";
import { isLaunchError, type LaunchError, openLaunch, splitGameCode, startLaunch } from "#app/modules/games/index.server.ts";
import { getAuth, safeRedirect } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import type { Route } from "./+types/game-run";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

const text = z.union([z.string(), z.number()]).transform(String);
const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === "1" || v === "true");
const bodySchema = z.object({
  userId: text.optional(),
  externalURL: z.string().max(2048).optional(),
  isMobileLogin: flag.optional(),
  gameCode: z
    .string({ error: "gamerun.errors.gameCodeFormat" })
    .trim()
    .min(1, "gamerun.errors.gameCodeFormat")
    .max(100, "gamerun.errors.gameCodeFormat"),
  gameType: text.optional(),
  platform: text.optional(),
  lang: z.string().optional(),
});

function launchFailure(e: LaunchError) {
  const keys = {
    not_logged_in: "gamerun.errors.notLoggedIn",
    game_unavailable: "gamerun.errors.gameUnavailable",
    launch_invalid: "gamerun.errors.unexpected",
    unexpected: "gamerun.errors.unexpected",
  } as const;
  const message = e.code === "provider_error" ? e.message : english(keys[e.code]);
  return Response.json({ message }, { status: e.status, headers: NO_STORE });
}

/**
 * POST /api/game-run (auth) { userId?, externalURL?, isMobileLogin?, gameCode, gameType?, platform? } → { url, message }.
 * The game code is split on a dash into platform and type (a given platform or gameType must match). The launch
 * is made and opened at once: url is where the game runs (the provider's URL, or our own page made absolute).
 * externalURL, a same-site path, is where the game's exit returns to. No token: 401 'User not logged in'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const auth = getAuth(context);
  if (!auth) return apiError(401, "gamerun.errors.notLoggedIn", { headers: { "WWW-Authenticate": "Bearer" } });
  const parsed = bodySchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const errors = Object.fromEntries(Object.entries(issuesByField(parsed.error)).map(([k, v]) => [k, v.map((m) => englishToken(m))]));
    return Response.json({ message: Object.values(errors)[0]?.[0] ?? english("api.invalidValue"), errors }, { status: 400, headers: NO_STORE });
  }
  const body = parsed.data;
  if (body.userId && body.userId.trim() !== String(auth.player.id)) return apiError(403, "api.forbidden");
  const split = splitGameCode(body.gameCode);
  if (!split) return apiError(404, "gamerun.errors.gameUnavailable");
  const mismatch = (given: string | undefined, actual: string) => given !== undefined && given.trim() !== "" && given.trim().toUpperCase() !== actual;
  if (mismatch(body.platform, split.platform) || mismatch(body.gameType, split.type)) return apiError(400, "gamerun.api.codeMismatch");

  try {
    const { token } = await startLaunch({
      playerId: auth.player.id,
      gameCode: body.gameCode,
      device: body.isMobileLogin === undefined ? layoutFor(request.headers.get("user-agent")) : body.isMobileLogin ? "mobile" : "desktop",
      returnTo: safeRedirect(body.externalURL, "/games"),
      lang: body.lang === "bn" ? "bn" : "en",
    });
    const { url } = await openLaunch(token, auth.player.id);
    return Response.json(
      { url: new URL(url, getEnv().PUBLIC_URL).href, message: english("gamerun.api.success") },
      { headers: { ...NO_STORE, Vary: "Authorization" } },
    );
  } catch (e) {
    if (isLaunchError(e)) return launchFailure(e);
    throw e;
  }
}
