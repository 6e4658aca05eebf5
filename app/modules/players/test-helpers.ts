// Shared by tests (not a test file itself): a player signed up through the real sign-up path.
import { createPlayer } from "./players.server.ts";
import { signupSchema } from "./validation.ts";

/** Signs up `username` with password Secret123 (no address, so no sign-up limit applies). */
export async function signedUpPlayer(username: string) {
  const created = await createPlayer(
    signupSchema.parse({
      username,
      password: "Secret123",
      confirmPassword: "Secret123",
      phone: "01711111111",
      email: `${username}@example.com`,
      ageCheck: "on",
    }),
  );
  if (!created.ok) throw new Error(`could not sign up ${username}`);
  return created.player;
}
