// The profile calls of the JSON API (spec section 7). They use the same functions as the /profile page, so the
// rules (limits, attempts, one verified number per account, birthday once and 18+) are the same.
import { z } from "zod";
import { english, englishToken } from "./english.server.ts";
import { apiError, checkMethod, NO_STORE, readBody } from "./http.server.ts";
import { phoneField } from "#app/modules/players/index.ts";
import type { PublicPlayer } from "#app/modules/players/index.server.ts";
import { requireApiPlayer } from "#app/modules/sessions/index.server.ts";
import {
  saveBirthday,
  phoneAddress,
  addExtraPhone,
  findExtraPhone,
  listExtraPhones,
  RESEND_SECONDS,
  sendPhoneCode,
  verifyPhoneCode,
  type ProfileError,
} from "#app/modules/profile/index.server.ts";
import { birthdayField, codeField } from "#app/modules/profile/index.ts";

const headers = { ...NO_STORE, Vary: "Authorization" };

/** JSON clients send numbers for phone numbers and codes. */
const text = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v : undefined);

export function refusal(result: ProfileError, field?: string) {
  const message = english(result.error, result.params);
  const extra = typeof result.params?.seconds === "number" ? { resend_in: result.params.seconds } : {};
  return Response.json(
    { success: false, message, ...extra, ...(field ? { errors: { [field]: [message] } } : {}) },
    { status: result.status, headers },
  );
}

function invalid(field: string, error: z.core.$ZodError) {
  const message = englishToken(error.issues[0]?.message ?? "api.invalidValue");
  return Response.json({ success: false, message, errors: { [field]: [message] } }, { status: 422, headers });
}

export const ok = (body: Record<string, unknown>, status = 200) => Response.json({ success: true, ...body }, { status, headers });

/** The body, after checking that a remote_id in it (the spec's clients send one) names the token's own player. */
export async function readOwnBody(request: Request, player: PublicPlayer) {
  const body = await readBody(request);
  const remoteId = text(body.remote_id)?.trim();
  if (remoteId && remoteId !== String(player.id)) throw apiError(403, "api.forbidden");
  return body;
}

type Handler = (player: PublicPlayer, body: Record<string, unknown>) => Promise<Response>;

/** The steps every profile POST call shares: POST only, the bearer token's player, a body whose remote_id is theirs. */
export async function profilePost({ request, context }: { request: Request; context: Parameters<typeof requireApiPlayer>[0] }, handle: Handler) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const { player } = requireApiPlayer(context);
  return handle(player, await readOwnBody(request, player));
}

export const extraPhoneEntry = (p: { id: number; phone: string; verifiedAt: Date | null }) => ({
  id: p.id,
  contract_value: p.phone,
  isverify: p.verifiedAt ? 1 : 0,
});

/**
 * POST /api/user/profile/update { remote_id, dofb, confirm_underage } → { success, message, dofb }; the birthday is
 * saved once. Under 18 it is refused (409) unless confirm_underage is 1 or true; confirmed, the account is blocked
 * and the token stops working ({ success: true, blocked: true }).
 */
export async function updateBirthday(player: PublicPlayer, body: Record<string, unknown>) {
  const parsed = birthdayField.safeParse(text(body.dofb));
  if (!parsed.success) return invalid("dofb", parsed.error);
  const confirmUnderage = body.confirm_underage === true || text(body.confirm_underage) === "1" || body.confirm_underage === "true";
  const result = await saveBirthday(player.id, parsed.data, undefined, { confirmUnderage });
  if (!result.ok) return refusal(result, "dofb");
  if (result.blocked) return ok({ message: english("identity.blocked.api"), dofb: result.birthday, blocked: true });
  return ok({ message: english("profile.notices.birthdaySaved"), dofb: result.birthday });
}

/** POST /api/send-verification-code { phone } (the main phone; the number, when sent, must be it). */
export async function sendMainCode(player: PublicPlayer, body: Record<string, unknown>) {
  const phone = text(body.phone)?.trim();
  if (phone && phoneAddress(phone) !== phoneAddress(player.phone, player.callingCode)) {
    return refusal({ ok: false, error: "profile.errors.notYourPhone", status: 422 }, "phone");
  }
  const result = await sendPhoneCode(player.id, "main");
  if (!result.ok) return refusal(result, "phone");
  return ok({ message: english("profile.notices.codeSent", { phone: `+88 ${player.phone}` }), resend_in: RESEND_SECONDS });
}

/** POST /api/verify-phone-number { verification_code } (main phone) and /api/add/verify-phone-number (an extra phone). */
export async function verifyCode(player: PublicPlayer, body: Record<string, unknown>, target: "main" | "extra") {
  const parsed = codeField.safeParse(text(body.verification_code));
  if (!parsed.success) return invalid("verification_code", parsed.error);
  const result = await verifyPhoneCode(player.id, target, parsed.data);
  if (!result.ok) return refusal(result, "verification_code");
  return ok({ message: english("profile.notices.phoneVerified") });
}

/** POST /api/add/number { phone } → 201 { success, message, data: { id, contract_value, isverify } }. */
export async function addNumber(player: PublicPlayer, body: Record<string, unknown>) {
  const parsed = phoneField.safeParse(text(body.phone));
  if (!parsed.success) return invalid("phone", parsed.error);
  const result = await addExtraPhone(player.id, parsed.data);
  if (!result.ok) return refusal(result, "phone");
  return ok({ message: english("profile.notices.phoneAdded"), data: extraPhoneEntry(result.phone) }, 201);
}

/** POST /api/add/send-verification-code { phone }: one of the player's extra phones (404 when it is not on the account). */
export async function sendExtraCode(player: PublicPlayer, body: Record<string, unknown>) {
  const parsed = phoneField.safeParse(text(body.phone));
  if (!parsed.success) return invalid("phone", parsed.error);
  const extra = await findExtraPhone(player.id, parsed.data);
  if (!extra) return refusal({ ok: false, error: "profile.errors.phoneNotFound", status: 404 }, "phone");
  const result = await sendPhoneCode(player.id, extra.id);
  if (!result.ok) return refusal(result, "phone");
  return ok({ message: english("profile.notices.codeSent", { phone: `+88 ${extra.phone}` }), resend_in: RESEND_SECONDS });
}

/** GET /api/get/other/phone → { success, data: [{ id, contract_value, isverify }] }. */
export async function otherPhones(player: PublicPlayer) {
  return ok({ data: (await listExtraPhones(player.id)).map(extraPhoneEntry) });
}
