// Every page and form action of the site (not /api, which reads JSON through app/modules/api/http.server.ts)
// receives a query and a body it can read, or the request ends here with a 4xx: a NUL character in the query or in
// a form field, which PostgreSQL cannot store (400); a body that is not a form (415); a multipart body without a
// boundary or that does not parse (400). Bodies over FULL_CHECK_BYTES (uploads) are only checked for their type; the upload routes
// parse them as a stream and answer their own errors.
import type { MiddlewareFunction } from "react-router";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const FULL_CHECK_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const refuse = (status: 400 | 415, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return;
  if (/%00/i.test(url.search) || url.search.includes("\u0000")) throw refuse(400, "The address may not contain NUL characters.");
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) throw refuse(415, "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.");
  if (mediaType === "multipart/form-data" && !/;\s*boundary=/i.test(contentType)) throw refuse(400, "The multipart body has no boundary.");
  const length = Number(request.headers.get("content-length") ?? NaN);
  if (!(length <= FULL_CHECK_BYTES)) return;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    throw refuse(400, "The form body could not be read.");
  }
  for (const [name, value] of form) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000")))
      throw refuse(400, "Form fields may not contain NUL characters.");
  }
};
