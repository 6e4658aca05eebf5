import { english } from "#app/modules/api/english.server.ts";
import { apiError, checkMethod, NO_STORE, readBody, rejectMethod } from "#app/modules/api/http.server.ts";
import { clientCurrency, clientFieldErrors, issuesByField, pickFields, SIGNUP_FIELDS, validationFailed } from "#app/modules/api/fields.server.ts";
import { createPlayer } from "#app/modules/players/players.server.ts";
import { clientIp } from "#app/modules/sessions/auth.server.ts";
import { signupSchema } from "#app/modules/players/validation.ts";
import { checkJurisdiction } from "#app/modules/settings/jurisdiction.server.ts";
import type { Route } from "./+types/create-players";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/**
 * POST /api/v1/create-players with the sign-up payload (JSON or form data): username, password, confirmPassword,
 * name, phone, email, referral_code, currency (default BDT), ageCheck or age_check (true, "1" or "on").
 * Any other field, `status` included, is ignored: every new player starts active and unprivileged.
 * 201 { success, message, data: { remote_id, username } }; 422 { message, errors: { <client field>: [message] } };
 * 429 with Retry-After after too many sign-ups from one address.
 */
export async function action({ request }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const picked = pickFields(await readBody(request), SIGNUP_FIELDS);
  picked.input.currency = clientCurrency(picked.input.currency);
  const parsed = signupSchema.safeParse(picked.input);
  if (!parsed.success) return validationFailed(clientFieldErrors(issuesByField(parsed.error), picked));

  const refusedCountry = await checkJurisdiction({ currency: parsed.data.currency, callingCode: "880" });
  if (refusedCountry) return apiError(403, refusedCountry.messageKey);
  const created = await createPlayer(parsed.data, { ip: clientIp(request) });
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
