import { z } from "zod";
import { captchaVisitorOf, setLiveCaptchaCode } from "#app/modules/auth/index.server.ts";
import { isTestRequest } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/e2e-captcha";

export function loader() {
  return new Response(null, { status: 404 });
}

const body = z.object({ code: z.string().regex(/^\d{4}$/) });

/**
 * POST /__e2e/captcha (code): browser tests only, like /__e2e/session; a 404 on any normal server. Makes the live code
 * of the visitor (the captcha cookie the browser context sends) the given one, so a test can type it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!isTestRequest(request)) return new Response(null, { status: 404 });
  const parsed = body.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())));
  const visitorId = await captchaVisitorOf(request);
  if (!parsed.success || !visitorId) return new Response(null, { status: 400 });
  const set = await setLiveCaptchaCode(visitorId, parsed.data.code);
  return new Response(null, { status: set ? 204 : 404, headers: { "Cache-Control": "no-store" } });
}
