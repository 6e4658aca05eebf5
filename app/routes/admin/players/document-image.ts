import { getDocumentFile } from "#app/modules/protection/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { UPLOAD_CSP } from "#app/utils/security-headers.server.ts";
import type { Route } from "./+types/document-image";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * One identity document's image, for staff of the protection roles only (the files live in the upload store, never
 * under public/), with the deposit proof's sandbox and no-sniff headers. A document of another player than :id, or a
 * file that is not stored, is 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const ofPlayer = Number(params.id);
  if (!Number.isSafeInteger(ofPlayer) || ofPlayer <= 0) return notFound();
  const file = await getDocumentFile({ documentId: params.docId, ofPlayer, viewer: { staffId: staff.id } });
  if (!file) return notFound();
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.size),
      "Content-Disposition": "inline",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": UPLOAD_CSP,
    },
  });
}
