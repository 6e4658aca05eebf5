// Every page and form action of the site (not /api, which reads JSON through app/modules/api/http.server.ts)
// receives a query and a body it can read, or the request ends here with a 4xx: a NUL character in the query or in
// a form field, which PostgreSQL cannot store (400); a body that is not a form (415); a multipart body without a
// boundary or that does not parse (400); a body over its limit (413). Every body is read here, however it is framed
// (a Content-Length, chunked, or a length that lies), up to its limit and no further: a form's text up to
// MAX_FORM_BYTES, a multipart body (the uploads: a deposit proof, an identity document, posters and content images)
// up to MAX_MULTIPART_BYTES, which leaves the upload routes room to answer a file over their own limit themselves.
import type { MiddlewareFunction } from "react-router";
import { formHasNul, readBytesWithin } from "#app/modules/api/index.server.ts";
import { PROOF_MAX_BYTES } from "#app/modules/payments/index.ts";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
export const MAX_FORM_BYTES = 1024 * 1024;
/** The largest upload (a 5 MB deposit proof or identity document) twice over. */
export const MAX_MULTIPART_BYTES = 2 * PROOF_MAX_BYTES;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const refuse = (status: 400 | 413 | 415, message: string) =>
  new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      // The rest of a body too large to read is not read: the connection cannot carry another request.
      ...(status === 413 ? { Connection: "close" } : {}),
    },
  });

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return;
  if (/%00/i.test(url.search) || url.search.includes("\u0000")) throw refuse(400, "The address may not contain NUL characters.");
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) throw refuse(415, "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.");
  const multipart = mediaType === "multipart/form-data";
  if (multipart && !/;\s*boundary=/i.test(contentType)) throw refuse(400, "The multipart body has no boundary.");
  // The route reads the body again: this reads a copy, counting, and stops at the limit.
  const bytes = await readBytesWithin(request.clone(), multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES).catch(() => undefined);
  if (bytes === undefined) throw refuse(400, "The form body could not be read.");
  if (bytes === null) throw refuse(413, "The form is too large.");
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuse(400, "The form body could not be read.");
  }
  if (formHasNul(form)) throw refuse(400, "Form fields may not contain NUL characters.");
};
