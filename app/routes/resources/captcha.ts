import { issueCaptcha, ensureCaptchaVisitor, captchaSvg } from "#app/modules/auth/index.server.ts";
import { clientIp } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/captcha";

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/**
 * GET /captcha: a new 4-digit code for the visitor (their captcha cookie, given here on the first image) drawn as an
 * SVG; their earlier code stops working. Pages add ?r=<n> so a new image is fetched on refresh. Never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { visitorId, setCookie } = await ensureCaptchaVisitor(request);
  const issued = await issueCaptcha(visitorId, { ip: clientIp(request) });
  const cookie: Record<string, string> = setCookie ? { "Set-Cookie": setCookie } : {};
  if (!issued.ok) return plain(429, "Too many codes", { "Retry-After": String(issued.retryAfterMinutes * 60), ...cookie });
  return new Response(captchaSvg(issued.code), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      ...cookie,
    },
  });
}

export function action() {
  return plain(405, "Method Not Allowed", { Allow: "GET" });
}
