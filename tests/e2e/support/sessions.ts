// Sessions for the browser tests without the log-in forms: POST /__e2e/session with the key that playwright.config.ts
// gave the server (E2E_SESSION_KEY); the answer's cookie lands in the browser context the request came from.
import { type APIRequestContext, expect } from "@playwright/test";

export async function openSession(request: APIRequestContext, role: "player" | "staff", username: string) {
  const key = process.env.E2E_SESSION_KEY;
  if (!key) throw new Error("E2E_SESSION_KEY is not set: run the browser tests through playwright.config.ts");
  const response = await request.post("/__e2e/session", { headers: { "x-e2e-session-key": key }, form: { role, username } });
  expect(response.status(), `a ${role} session for ${username}`).toBe(204);
}
