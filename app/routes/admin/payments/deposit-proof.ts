import { getProofForViewer } from "#app/modules/payments/index.server.ts";
import { UPLOAD_CSP } from "#app/utils/security-headers.server.ts";
import { requireFinanceViewer } from "./admin-payments.server.ts";
import type { Route } from "./+types/deposit-proof";

/**
 * The proof screenshot of a deposit, for staff only (the files live in the upload store, never under public/). An
 * unknown or malformed id, or a file that is not stored, is a plain 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireFinanceViewer(request);
  const proof = await getProofForViewer({ depositId: params.id, staff: { id: staff.id } });
  if (!proof) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(proof.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": proof.mime,
      "Content-Length": String(proof.size),
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": UPLOAD_CSP,
    },
  });
}
