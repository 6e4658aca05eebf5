import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { apiError, checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { parseRecordFilter, recordDays, recordPageSizes, gameTypes, isGameType } from "#app/modules/games/index.ts";
import { listSettledRounds } from "#app/modules/games/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/betting-record";

/** The first query value that is present but not allowed, as an English message key with its parameters. */
function invalidQuery(q: URLSearchParams): [MessageKey, MessageParams] | null {
  const day = q.get("day");
  if (day && !(recordDays as readonly string[]).includes(day)) return ["records.api.invalidDay", { days: recordDays.join(", ") }];
  const type = q.get("type")?.trim().toUpperCase();
  if (type && !isGameType(type)) return ["records.api.invalidType", { types: gameTypes.join(", ") }];
  const platform = q.get("platform")?.trim();
  if (platform && !/^[A-Za-z0-9]{2,20}$/.test(platform)) return ["records.api.invalidPlatform", {}];
  const size = q.get("size");
  if (size && !(recordPageSizes as readonly number[]).includes(Number(size)))
    return ["records.api.invalidSize", { sizes: recordPageSizes.join(", ") }];
  const page = q.get("page");
  if (page && !/^\d{1,6}$/.test(page)) return ["records.api.invalidPage", {}];
  return null;
}

/**
 * GET /api/betting-record?day=today|yesterday|last7&platform=&type=&page=&size=10|25|50|100 (auth) → the player's
 * settled bets, newest settlement first, with the spec's fields (amounts in taka; created_at is the settle time).
 * Paging totals are in the X-Total-Count, X-Page and X-Page-Size headers.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const invalid = invalidQuery(url.searchParams);
  if (invalid) return apiError(400, invalid[0], { params: invalid[1] });
  const filter = parseRecordFilter(url.searchParams);
  const list = await listSettledRounds(player.id, filter);
  const body = list.items.map((r) => ({
    id: r.id,
    platform: r.platform,
    game_type: r.gameType,
    game_code: r.gameCode,
    bet_amount: formatPoisha(r.stake),
    winAmount: formatPoisha(r.payout),
    profit: formatPoisha(r.profit),
    created_at: r.settledAt.toISOString(),
  }));
  return Response.json(body, {
    headers: {
      ...NO_STORE,
      Vary: "Authorization",
      "X-Total-Count": String(list.total),
      "X-Page": String(list.page),
      "X-Page-Size": String(filter.size),
    },
  });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
