// Responses and request bodies of the JSON API under /api (spec section 7).
import type { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey, MessageParams } from "#app/i18n/message.ts";
import { english } from "./english.server.ts";

export type ApiMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** Public content may be cached briefly by the client and proxies; anything about a player never. */
export const PUBLIC_CACHE = { "Cache-Control": "public, max-age=30" } as const;
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** `{ message }` in English with the given status; extra fields (e.g. `errors`) are merged in. */
export function apiError(
  status: number,
  key: MessageKey,
  options: { params?: MessageParams; headers?: HeadersInit; extra?: Record<string, unknown> } = {},
) {
  const headers = new Headers(options.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json({ message: english(key, options.params), ...options.extra }, { status, headers });
}

/**
 * A refusal as the spec's error body, with the refusal's status: { success: false, message } and, when the refusal
 * belongs to a field the client sent, errors: { <the client's name for it>: [message] }. `error` repeats the message
 * for the endpoints whose spec body carries it (submit-withdraw).
 */
export function apiRefusal(
  e: DomainError,
  { fields = {}, withError = false }: { fields?: Partial<Record<string, string>>; withError?: boolean } = {},
) {
  const message = english(e.messageKey, e.shownParams());
  const field = e.field ? fields[e.field] : undefined;
  return Response.json(
    { success: false, ...(withError ? { error: message } : {}), message, ...(field ? { errors: { [field]: [message] } } : {}) },
    { status: e.status, headers: NO_STORE },
  );
}

function allowHeader(allowed: readonly ApiMethod[]) {
  const methods = allowed.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
  return [...methods, "OPTIONS"].join(", ");
}

function methodNotAllowed(method: string, allowed: readonly ApiMethod[]) {
  const allow = allowHeader(allowed);
  return apiError(405, "api.methodNotAllowed", { params: { method, allow }, headers: { Allow: allow } });
}

/**
 * Answers the methods an endpoint does not serve: OPTIONS gets 204 with an Allow header, anything not allowed
 * gets 405 with an Allow header. Returns undefined when the request may go on. GET implies HEAD (React Router
 * strips the body). Resource routes send GET/HEAD/OPTIONS to the loader and POST/PUT/PATCH/DELETE to the
 * action, so both halves of a route module call this.
 */
export function checkMethod(request: Request, allowed: readonly ApiMethod[]): Response | undefined {
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allowHeader(allowed) } });
  if (allowed.includes(method as ApiMethod) || (method === "HEAD" && allowed.includes("GET"))) return undefined;
  return methodNotAllowed(method, allowed);
}

/** For the half of a route module (loader or action) that never serves a request: a 204 for OPTIONS, else 405. */
export function rejectMethod(request: Request, allowed: readonly ApiMethod[]): Response {
  return checkMethod(request, allowed) ?? methodNotAllowed(request.method.toUpperCase(), allowed);
}

// Log-in and sign-up bodies are a few hundred bytes; this bounds what one request can make us buffer.
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The request body, or null as soon as it is known to be larger than `maxBytes` (declared or counted): read in
 * chunks, so a huge body is never buffered.
 */
export async function readBytesWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: cancelling one branch of a tee (a request.clone()) settles only when the other is cancelled too.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function readLimited(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readBytesWithin(request, MAX_BODY_BYTES);
  if (!bytes) throw apiError(413, "api.payloadTooLarge");
  return bytes;
}

const hasNul = (text: string) => text.includes("\u0000");

/** True when a name or a text value of the form holds a NUL character, which PostgreSQL cannot store (files aside). */
export function formHasNul(form: FormData) {
  for (const [name, value] of form) if (hasNul(name) || (typeof value === "string" && hasNul(value))) return true;
  return false;
}

/**
 * The body as a plain object, from JSON or from form data (urlencoded or multipart; files are ignored, the first
 * value of a repeated name wins). An empty body is `{}`, so missing fields get their validation messages.
 * Throws a JSON Response: 400 for malformed JSON or a JSON value that is not an object, 400 for a NUL character in
 * any name or text of the body (PostgreSQL cannot store one), 413 for a body over MAX_BODY_BYTES, 415 for other
 * content types — text/plain too, and a body without a content type: those are what another site's page can send
 * without asking, so they are never read as JSON.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const isForm = mediaType === "application/x-www-form-urlencoded" || mediaType === "multipart/form-data";
  const isJson = mediaType === "application/json" || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
  if (!isForm && !isJson && mediaType !== "") throw apiError(415, "api.unsupportedMediaType");

  const bytes = await readLimited(request);
  if (mediaType === "" && bytes.byteLength > 0) throw apiError(415, "api.unsupportedMediaType");
  if (isForm) {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      throw apiError(400, "api.malformedForm");
    }
    if (formHasNul(form)) throw apiError(400, "api.nulCharacter");
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form) {
      if (typeof value === "string" && !(name in fields)) fields[name] = value;
    }
    return fields;
  }

  const text = new TextDecoder().decode(bytes).trim();
  if (!text) return {};
  let parsed: unknown;
  let nul = false;
  try {
    // Every key and string of the document, however deep (a "\u0000" escape decodes to NUL).
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (hasNul(key) || (typeof value === "string" && hasNul(value))) nul = true;
      return value;
    });
  } catch {
    throw apiError(400, "api.malformedJson");
  }
  if (nul) throw apiError(400, "api.nulCharacter");
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw apiError(400, "api.bodyNotObject");
  return parsed as Record<string, unknown>;
}
