import { apiError, checkMethod, NO_STORE, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import { channelLabels, channelTypes, type ChannelType, isPaymentError } from "#app/modules/payments/index.ts";
import { assignWalletNumber, listPaymentMethods } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/get-wallet-number";

/** "Agent" / "Personal", or the labels the original site shows for them ("CashOut" / "Send Money"). */
function channelOf(value: string | null): ChannelType | null {
  const v = value?.trim().toLowerCase() ?? "";
  return channelTypes.find((c) => c.toLowerCase() === v || channelLabels[c].toLowerCase() === v) ?? null;
}

/**
 * GET /api/get-wallet-number?name=bKash&account_type=Agent&amount=1000 (auth) → [{ id, account_number }]: the
 * number to send the money to, rotated among the method's active numbers whose limits take the amount. Its id
 * goes back as wallet_id with /api/submit-deposit. 422 { message, errors } for a bad type or amount, or when no
 * number can take the amount now; 404 for an unknown method.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  requireApiPlayer(context);
  const name = url.searchParams.get("name")?.trim().toLowerCase() ?? "";
  const method = name ? (await listPaymentMethods({ activeOnly: true })).find((m) => m.name.trim().toLowerCase() === name) : undefined;
  if (!method) return apiError(404, "adminPayments.api.methodNotFound");
  const errors: Record<string, string[]> = {};
  const channelType = channelOf(url.searchParams.get("account_type"));
  if (!channelType) errors.account_type = [english("payments.errors.channelRequired")];
  const amount = parseAmountInput(url.searchParams.get("amount") ?? undefined, "deposit");
  if (!amount.ok) errors.amount = [english(amount.messageKey)];
  if (!channelType || !amount.ok) return Response.json({ message: Object.values(errors)[0]![0], errors }, { status: 422, headers: NO_STORE });
  try {
    const wallet = await assignWalletNumber({ methodId: method.id, channelType, amount: amount.amount });
    return Response.json([{ id: wallet.walletNumberId, account_number: wallet.accountNumber }], { headers: NO_STORE });
  } catch (e) {
    if (isPaymentError(e)) return apiError(422, e.messageKey, { params: e.params, extra: { errors: { amount: [english(e.messageKey, e.params)] } } });
    throw e;
  }
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
