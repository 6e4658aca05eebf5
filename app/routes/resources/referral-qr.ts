import { qrSvg } from "#app/modules/content/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { inviteLink } from "#app/modules/referral/index.server.ts";
import type { Route } from "./+types/referral-qr";

/**
 * GET /resources/referral-qr.svg: the QR code of the signed-in player's invite link, rendered on the server. The
 * page adds ?v=<code>, so the image may be cached privately; a guest gets 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = getAuth(context);
  if (!auth) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  return new Response(await qrSvg(inviteLink(auth.player.referralCode)), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "private, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
      Vary: "Cookie",
    },
  });
}
