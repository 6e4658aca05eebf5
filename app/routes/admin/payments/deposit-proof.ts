import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { getProofForViewer } from "#app/modules/payments/proofs.server.ts";
import { UPLOAD_CSP } from "#app/utils/security-headers.server.ts";
import { requireFinanceViewer } from "./admin-payments.server.ts";
import type { Route } from "./+types/deposit-proof";

/**
 * The proof screenshot of a deposit, for staff only (the files live outside public/). An unknown or malformed id,
 * or a file missing on disk, is a plain 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireFinanceViewer(request);
  const proof = await getProofForViewer({ depositId: params.id, staff: { id: staff.id } });
  const size = proof
    ? await stat(proof.path).then(
        (s) => (s.isFile() ? s.size : null),
        () => null,
      )
    : null;
  if (!proof || size === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const body = Readable.toWeb(createReadStream(proof.path)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": proof.mime,
      "Content-Length": String(size),
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": UPLOAD_CSP,
    },
  });
}
