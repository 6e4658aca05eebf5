import { checkMethod, NO_STORE, rejectMethod } from "#app/modules/api/index.server.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/balance";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/**
 * POST /api/balance (auth, no body; the spec's clients poll it every 10 s) → { balance, bonus_balance, currency }:
 * what the player can use now in taka ("1250.00"; money held for a pending withdrawal is not included).
 * 401 when logged out: the client then clears its storage.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const balances = await getPlayerBalances(player.id);
  return Response.json(
    { balance: formatPoisha(balances.main.available), bonus_balance: formatPoisha(balances.bonus.available), currency: balances.currency },
    { headers: { ...NO_STORE, Vary: "Authorization" } },
  );
}
