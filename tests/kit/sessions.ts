// Test kit: signed-in requests. The Cookie header value (or bearer token) of a real session, made through the app's
// own login and session code.
import { commitSessionCookie } from "#app/modules/sessions/auth.server.ts";
import { createSession } from "#app/modules/sessions/sessions.server.ts";
import { loginStaff } from "#app/modules/staff/auth.server.ts";

/** A session for the player: its bearer token and the Cookie header value that carries it. */
export async function sessionFor(player: { id: number }) {
  const { token } = await createSession(player.id);
  return { token, cookie: (await commitSessionCookie(token)).split(";")[0]! };
}

/** The Cookie header value of a back-office session for a staff member, logged in with their password. */
export async function staffCookie(username: string, password: string, request = new Request("http://localhost/admin/login", { method: "POST" })) {
  const out = await loginStaff(request, username, password);
  if (!out.ok) throw new Error(out.message);
  return out.setCookie.split(";")[0]!;
}
