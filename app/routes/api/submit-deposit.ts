import { randomUUID } from "node:crypto";
import {
  apiError,
  apiRefusal,
  checkMethod,
  formHasNul,
  NO_STORE,
  readBody,
  readBytesWithin,
  rejectMethod,
  english,
} from "#app/modules/api/index.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import {
  channelLabels,
  channelTypes,
  type ChannelType,
  PROOF_MAX_BYTES,
  isPaymentError,
  type PaymentErrorField,
  isIdempotencyKey,
  toId,
} from "#app/modules/payments/index.ts";
import { submitDeposit, listDepositChannels, listWalletNumbers } from "#app/modules/payments/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/submit-deposit";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** The proof (at most 5 MB) and a few short fields; anything larger is refused before it is read. */
const MAX_BODY = PROOF_MAX_BYTES + 64 * 1024;

const isJson = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") throw apiError(415, "adminPayments.api.multipartRequired");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) throw apiError(413, "payments.errors.proofTooLarge", { params: { mb: "5" } });
  const bytes = await readBytesWithin(request, MAX_BODY);
  if (!bytes) throw apiError(413, "payments.errors.proofTooLarge", { params: { mb: "5" } });
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
  } catch {
    throw apiError(400, "api.malformedForm");
  }
  if (formHasNul(form)) throw apiError(400, "api.nulCharacter");
  return form;
}

/** The fields as text (a JSON number as its digits) and the screenshot, if one was sent. */
type DepositBody = { text: (name: string) => string | undefined; file: File | null };

/** The spec's JSON body (no screenshot), or form data with an optional one. */
async function readDepositBody(request: Request): Promise<DepositBody> {
  if (isJson(request)) {
    const body = await readBody(request);
    const text = (name: string) => {
      const v = body[name];
      return typeof v === "string" ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined;
    };
    return { text, file: null };
  }
  const form = await readForm(request);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : undefined;
  };
  const file = form.get("proof") ?? form.get("file");
  // A file input left empty arrives as a nameless, empty file: that is no screenshot.
  return { text, file: file instanceof File && (file.size > 0 || file.name) ? file : null };
}

/** The spec's payload names neither the type nor the number: the method's first channel whose range takes the amount. */
async function fittingChannel(methodText: string | undefined, amountText: string | undefined): Promise<ChannelType | undefined> {
  const parsed = parseAmountInput(amountText ?? "", "deposit");
  const channels = await listDepositChannels(methodText);
  const amount = parsed.ok ? parsed.amount : undefined;
  return (amount === undefined ? undefined : channels.find((c) => amount >= c.min && amount <= c.max)?.type) ?? channels[0]?.type;
}

/** "Agent" / "Personal", or the labels the original site shows ("CashOut" / "Send Money"). */
function channelOf(value: string | undefined): ChannelType | undefined {
  const v = value?.toLowerCase() ?? "";
  return channelTypes.find((c) => c.toLowerCase() === v || channelLabels[c].toLowerCase() === v);
}

// The module's field names as this endpoint's clients send them.
const clientNames: Partial<Record<PaymentErrorField, string>> = {
  amount: "amount",
  methodId: "payment_id",
  channelType: "account_type",
  walletNumberId: "wallet_id",
  senderNumber: "account_number",
  trxId: "transaction_id",
  promotionId: "promotion_id",
  proof: "proof",
};

/**
 * POST /api/submit-deposit (auth): JSON (the spec's payload, without a screenshot), or multipart/form-data:
 *   remote_id        the token's own player (another player's id: 403)
 *   payment_id       the payment method's id
 *   wallet_id        optional: the id /api/get-wallet-number returned (the number the money was sent to); left out,
 *                    finance see the number as not named
 *   account_type     Agent or Personal (CashOut / Send Money); left out, taken from the wallet number, else the
 *                    method's first channel whose range takes the amount
 *   amount           taka, e.g. 1000 or 1000.50
 *   account_number   the player's own 11-digit sender number
 *   transaction_id   the wallet's TRX ID
 *   promotion_id     optional
 *   proof            optional: the screenshot, JPEG, PNG or WebP by its bytes, at most 5 MB; without one finance see
 *                    "no proof" and check the transfer in the wallet's statement
 * Header Idempotency-Key (optional): the same key again answers with the same deposit (200) instead of a new one.
 * 201 { success: true, message: 'Submission successful!', data: { id, status, amount, ... } }; refusals
 * { success: false, message, errors: { field: [message] } } with 422 (409 for a TRX ID already used).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  const key = request.headers.get("idempotency-key");
  if (key !== null && !isIdempotencyKey(key)) return apiError(400, "adminPayments.api.idempotencyKeyInvalid", { extra: { success: false } });
  const body = await readDepositBody(request);
  const { text } = body;
  const remoteId = text("remote_id");
  if (remoteId && remoteId !== String(player.id)) return apiError(403, "api.forbidden");

  const walletText = text("wallet_id") ?? text("wallet_number_id");
  const walletNumberId = toId(walletText);
  const channelType =
    channelOf(text("account_type") ?? text("payment_type")) ??
    (walletNumberId ? (await listWalletNumbers()).find((w) => w.id === walletNumberId)?.channelType : undefined) ??
    (walletText === undefined ? await fittingChannel(text("payment_id"), text("amount")) : undefined);
  const promotionText = text("promotion_id");
  const noPromotion = !promotionText || promotionText === "null" || promotionText === "0";
  const proof = body.file ? { bytes: new Uint8Array(await body.file.arrayBuffer()), declaredName: body.file.name } : null;
  try {
    const { deposit, replayed } = await submitDeposit(player.id, {
      methodId: toId(text("payment_id")) ?? 0,
      channelType: channelType ?? ("" as ChannelType),
      // Not named at all: finance see "not named"; named but malformed: refused as a number that does not exist.
      walletNumberId: walletText === undefined ? null : (walletNumberId ?? 0),
      amount: text("amount") ?? "",
      senderNumber: text("account_number") ?? "",
      trxId: text("transaction_id") ?? "",
      // A malformed id is passed on as one that cannot exist, so the module refuses it with its own message.
      promotionId: noPromotion ? null : (toId(promotionText) ?? -1),
      proof,
      idempotencyKey: key ?? `api-${randomUUID()}`,
    });
    return Response.json(
      {
        success: true,
        message: english("payments.messages.depositSubmitted"),
        data: {
          id: `D${deposit.id}`,
          status: deposit.status,
          amount: formatPoisha(deposit.amount),
          payment_id: deposit.methodId,
          account_type: deposit.channelType,
          transaction_id: deposit.trxId,
          promotion_id: deposit.promotionId,
          created_at: deposit.createdAt.toISOString(),
        },
      },
      { status: replayed ? 200 : 201, headers: NO_STORE },
    );
  } catch (e) {
    if (isPaymentError(e)) return apiRefusal(e, { fields: clientNames });
    throw e;
  }
}
