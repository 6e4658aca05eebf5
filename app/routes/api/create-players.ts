import {
  english,
  apiError,
  checkMethod,
  NO_STORE,
  readBody,
  rejectMethod,
  clientCurrency,
  clientFieldErrors,
  issuesByField,
  type Picked,
  pickFields,
  SIGNUP_FIELDS,
  validationFailed,
} from "#app/modules/api/index.server.ts";
import { createPlayer } from "#app/modules/players/index.server.ts";
import { clientIp } from "#app/modules/sessions/index.server.ts";
import { apiSignupSchema } from "#app/modules/players/index.ts";
import { captchaVisitorOf, spendCaptcha } from "#app/modules/auth/index.server.ts";
import { checkJurisdiction } from "#app/modules/settings/index.server.ts";
import { countryOfPlayer } from "#app/modules/settings/index.ts";
import type { Route } from "./+types/create-players";

/** The two-step form's captcha: undefined when the payload is not that form's, "" when it is but has none. */
function twoStepCaptcha({ input, names }: Picked<keyof typeof SIGNUP_FIELDS>): string | undefined {
  const twoStep =
    input.captcha !== undefined ||
    (input.name !== undefined && names.name === "realName") ||
    (input.phone !== undefined && names.phone === "phoneNumber");
  if (!twoStep) return undefined;
  return typeof input.captcha === "string" ? input.captcha.trim() : "";
}

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/** The phone's calling code: none (or blank) is the form's fixed 880; else 880 or the code of the currency's country
 *  (countryOfPlayer: 91 for INR, 92 for PKR), with or without "+". Undefined when it is neither. */
function callingCodeOf(value: unknown, currency: unknown): string | undefined {
  if (value === undefined || value === "") return "880";
  if (typeof value !== "string") return undefined;
  const code = value.trim().replace(/^\+/, "");
  if (code === "880") return code;
  return typeof currency === "string" && countryOfPlayer({ currency, callingCode: code }) ? code : undefined;
}

/**
 * POST /api/v1/create-players with the sign-up payload (JSON or form data): username, password, confirmPassword,
 * name, phone, email, referral_code, currency (default BDT), status, as spec section 7 lists it; or with the names
 * of the spec's two-step form: realName, phoneNumber, callingCode, friendReferCode, currencyType (8, 7 or 17).
 *
 * The 18+ declaration, ageCheck or age_check (true, "1" or "on"), is optional here because the spec's payload has
 * none; one that is sent but not given (false, "0", "") is refused. Players have no column recording it: the gate is
 * the birthday, which every deposit requires (payments "birthdayNeeded", then 18+ against it) and so does every
 * real-money bet (identityRefusal), so a player created without the declaration cannot deposit or play for real
 * money before giving an adult birthday.
 *
 * callingCode: see callingCodeOf; it is stored with the player and the jurisdiction is checked with it.
 * captcha: required when the payload uses the two-step form's names (captcha, realName or phoneNumber sent), as that
 * form asks for it: the code of the image GET /captcha gave this client (its captcha cookie sent back), used once.
 * The spec's section 7 payload needs none. Any other field, `status` included, is ignored: every new player starts
 * active and unprivileged.
 * 201 { success, message, data: { remote_id, username } }; 422 { message, errors: { <client field>: [message] } };
 * 429 with Retry-After after too many sign-ups from one address.
 */
export async function action({ request }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const picked = pickFields(await readBody(request), SIGNUP_FIELDS);
  picked.input.currency = clientCurrency(picked.input.currency);
  const parsed = apiSignupSchema.safeParse(picked.input);
  const callingCode = callingCodeOf(picked.input.callingCode, picked.input.currency ?? "BDT");
  const fieldErrors = parsed.success ? {} : issuesByField(parsed.error);
  if (!callingCode) fieldErrors.callingCode = ["errors.callingCodeInvalid"];
  if (!parsed.success || !callingCode) return validationFailed(clientFieldErrors(fieldErrors, picked));
  // Checked once the rest is right: a code is used by its check, so a payload refused anyway does not spend it.
  const captcha = twoStepCaptcha(picked);
  if (captcha === "") return validationFailed(clientFieldErrors({ captcha: ["errors.captchaRequired"] }, picked));
  if (captcha !== undefined && !(await spendCaptcha(await captchaVisitorOf(request), captcha))) {
    return validationFailed(clientFieldErrors({ captcha: ["errors.captchaWrong"] }, picked));
  }

  const refusedCountry = await checkJurisdiction({ currency: parsed.data.currency, callingCode });
  if (refusedCountry) return apiError(403, refusedCountry.messageKey);
  const created = await createPlayer(parsed.data, { ip: clientIp(request), callingCode });
  if (!created.ok && "retryAfterMinutes" in created) {
    const minutes = created.retryAfterMinutes;
    return apiError(429, "errors.tooManySignups", { params: { minutes }, headers: { "Retry-After": String(minutes * 60) } });
  }
  if (!created.ok) return validationFailed(clientFieldErrors(created.fieldErrors, picked));
  return Response.json(
    { success: true, message: english("api.registrationSuccessful"), data: { remote_id: created.player.id, username: created.player.username } },
    { status: 201, headers: NO_STORE },
  );
}
