import { getProofForViewer } from "#app/modules/payments/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { UPLOAD_CSP } from "#app/utils/security-headers.server.ts";
import type { Route } from "./+types/deposit-proof";

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });

/**
 * GET /resources/deposit-proof?id=<deposit id> (or D<id>): the payment screenshot, only to the deposit's own
 * player. Anyone else (guests, other players, unknown ids) gets the same 404, so ids cannot be probed.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = getAuth(context);
  const m = /^D?(\d{1,9})$/i.exec(url.searchParams.get("id")?.trim() ?? "");
  if (!auth || !m) return notFound();
  const proof = await getProofForViewer({ depositId: Number(m[1]), playerId: auth.player.id });
  if (!proof) return notFound();
  return new Response(proof.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": proof.mime,
      "Content-Length": String(proof.size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=300",
      "Content-Disposition": "inline",
      // The same policy as the staff's copy (/admin/finance/deposits/:id/proof): opened on its own, an uploaded
      // file loads nothing and runs in a sandbox.
      "Content-Security-Policy": UPLOAD_CSP,
    },
  });
}
