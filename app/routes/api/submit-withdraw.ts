import { randomUUID } from "node:crypto";
import { apiError, apiRefusal, checkMethod, NO_STORE, readBody, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { isPaymentError, isIdempotencyKey, toId } from "#app/modules/payments/index.ts";
import { requestWithdrawal } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/submit-withdraw";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

const asText = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v : undefined);

/** Refusals the player can cause: 400 for the pre-checks the spec's client shows as they are, 422 for the inputs. */
const clientNames = { amount: "amount", methodId: "payment_id" };

/**
 * POST /api/submit-withdraw (auth) with { remote_id, account_number, amount, payment_id } as JSON or form data, and
 * optionally an Idempotency-Key header (the same key again answers with the same withdrawal). The money is paid
 * to one of the player's own verified phones only (main or extra; the main one when account_number is left out): any
 * other account_number is refused. The amount (taka) is held on the
 * main wallet at once. 201 { success: true, message: 'Withdrawal successful!', data }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const body = await readBody(request);
  const remoteId = asText(body.remote_id)?.trim();
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");
  const key = request.headers.get("idempotency-key");
  if (key !== null && !isIdempotencyKey(key)) return apiError(400, "adminPayments.api.idempotencyKeyInvalid", { extra: { success: false } });
  try {
    const { withdrawal, replayed } = await requestWithdrawal(player.id, {
      methodId: toId(asText(body.payment_id)) ?? 0,
      amount: asText(body.amount) ?? "",
      idempotencyKey: key ?? `api-${randomUUID()}`,
      accountNumber: asText(body.account_number),
    });
    return Response.json(
      {
        success: true,
        message: english("payments.messages.withdrawalSubmitted"),
        data: {
          id: `W${withdrawal.id}`,
          status: withdrawal.status,
          amount: formatPoisha(withdrawal.amount),
          account_number: withdrawal.accountNumber,
          payment_id: withdrawal.methodId,
          created_at: withdrawal.createdAt.toISOString(),
        },
      },
      { status: replayed ? 200 : 201, headers: NO_STORE },
    );
  } catch (e) {
    if (isPaymentError(e) && e.field === "accountNumber") {
      const message = english("adminPayments.api.receivingNotOwn");
      return Response.json({ success: false, error: message, message, errors: { account_number: [message] } }, { status: 422, headers: NO_STORE });
    }
    if (isPaymentError(e)) return apiRefusal(e, { fields: clientNames, withError: true });
    throw e;
  }
}
