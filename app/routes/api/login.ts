import {
  apiError,
  checkMethod,
  NO_STORE,
  readBody,
  rejectMethod,
  clientFieldErrors,
  issuesByField,
  LOGIN_FIELDS,
  pickFields,
  validationFailed,
} from "#app/modules/api/index.server.ts";
import { loginSchema } from "#app/modules/players/index.ts";
import { loginWithPassword } from "#app/modules/auth/index.server.ts";
import type { Route } from "./+types/login";

export function loader({ request }: Route.LoaderArgs) {
  return rejectMethod(request, ["POST"]);
}

/**
 * POST /api/login with { username, password } as JSON or form data.
 * 200 { token, remote_id, username, exchange: [{ token }] }; 422 { message, errors }; 401 "Invalid credentials";
 * 403 blocked account; 429 too many failures (with Retry-After). The token is sent back as
 * "Authorization: Bearer <token>"; no cookie is set.
 */
export async function action({ request }: Route.ActionArgs) {
  const refused = checkMethod(request, ["POST"]);
  if (refused) return refused;
  const picked = pickFields(await readBody(request), LOGIN_FIELDS);
  const parsed = loginSchema.safeParse(picked.input);
  if (!parsed.success) return validationFailed(clientFieldErrors(issuesByField(parsed.error), picked));

  const outcome = await loginWithPassword(request, parsed.data.username, parsed.data.password);
  if (!outcome.ok) {
    const headers = outcome.params && "minutes" in outcome.params ? { "Retry-After": String(outcome.params.minutes * 60) } : undefined;
    return apiError(outcome.status, outcome.message, { params: outcome.params, headers });
  }
  return Response.json(
    {
      token: outcome.token,
      remote_id: outcome.player.id,
      username: outcome.player.username,
      // The exchange has no tokens of its own yet: the exchange issue will accept this session token
      // (a player's exchange session ends with their site session).
      exchange: [{ token: outcome.token }],
    },
    { headers: NO_STORE },
  );
}
