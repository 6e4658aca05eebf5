import { randomUUID } from "node:crypto";
import { apiError, checkMethod, NO_STORE, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import { CVP_PER_VP } from "#app/modules/vip/index.ts";
import { isRequestKey } from "#app/kernel/request-key.ts";
import { convertPoints, isVipError, readVipSettings } from "#app/modules/vip/index.server.ts";
import type { Route } from "./+types/convert-vipcoin";

const WHOLE = /^\d{1,12}$/;
const vpText = (cvp: bigint) => `${cvp / CVP_PER_VP}.${String(cvp % CVP_PER_VP).padStart(2, "0")}`;

/**
 * GET /api/convert-vipcoin?remote_id=<own id>&vip_coin=<whole VP> (bearer auth), as the spec's client calls it.
 * A GET that converts is the spec's; a client that may retry sends request_id (or an Idempotency-Key header), 8-64
 * letters, digits, - or _: the same id converts once and answers with the first outcome. Success:
 * { success: true, message, data: { vip_coin (left), converted, amount, balance } }; a refusal: 422 { success: false, message }.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const remoteId = url.searchParams.get("remote_id")?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const headers = { ...NO_STORE, Vary: "Authorization" };
  const fail = (message: string, status = 422) => Response.json({ success: false, message }, { status, headers });

  const vipCoin = url.searchParams.get("vip_coin")?.trim() ?? "";
  const { minConvert } = await readVipSettings();
  if (!WHOLE.test(vipCoin)) return fail(english("vip.errors.vpInvalid"));
  const requestKey = url.searchParams.get("request_id") ?? request.headers.get("idempotency-key") ?? randomUUID();
  if (!isRequestKey(requestKey)) return fail(english("vip.errors.request_invalid"));
  try {
    const done = await convertPoints(player.id, { vp: BigInt(vipCoin), requestKey });
    const balances = await getPlayerBalances(player.id);
    return Response.json(
      {
        success: true,
        message: english("vip.api.converted", { vp: String(done.usedVp), amount: formatPoisha(done.poisha) }),
        data: {
          vip_coin: vpText(done.pointsLeft),
          converted: String(done.usedVp),
          amount: formatPoisha(done.poisha),
          balance: formatPoisha(balances.main.available),
          request_id: requestKey,
          replayed: done.replayed,
        },
      },
      { headers },
    );
  } catch (e) {
    if (!isVipError(e)) throw e;
    return fail(english(`vip.errors.${e.code}`, { min: minConvert, ...e.params }));
  }
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
