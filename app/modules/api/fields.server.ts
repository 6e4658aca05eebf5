// Maps a client's field names onto the shared zod schemas (app/modules/players/validation.ts) and the schemas'
// messages back onto the client's names, so an app that sent `referral_code` reads `errors.referral_code`.
import type { z } from "zod";
import { currencyIds, type Currency } from "#app/modules/players/index.ts";
import { english, englishToken } from "./english.server.ts";
import { NO_STORE } from "./http.server.ts";

/** Schema key → the names a client may send it under; the first is used in errors when the client sent none. */
export type FieldNames<K extends string> = Record<K, readonly string[]>;

export const LOGIN_FIELDS = {
  username: ["username"],
  password: ["password"],
} as const satisfies FieldNames<string>;

/** Sign-up payload of spec section 3, also under the names of its two-step form (currencyType, realName, phoneNumber,
 *  friendReferCode), with that form's 18+ declaration, calling code and captcha. `status` is deliberately absent: a
 *  client cannot choose its own account status. */
export const SIGNUP_FIELDS = {
  username: ["username"],
  password: ["password"],
  confirmPassword: ["confirmPassword"],
  name: ["name", "realName"],
  phone: ["phone", "phoneNumber"],
  email: ["email"],
  referralCode: ["referral_code", "friendReferCode"],
  currency: ["currency", "currencyType"],
  ageCheck: ["ageCheck", "age_check"],
  callingCode: ["callingCode", "calling_code"],
  captcha: ["captcha"],
} as const satisfies FieldNames<string>;

export type Picked<K extends string> = { input: Record<K, unknown>; names: Record<K, string> };

// JSON clients send numbers for phone numbers and 1 for a ticked box; null means "not given".
function normalise(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value;
}

/** The schema's input taken from the body under whichever accepted name the client used. */
export function pickFields<K extends string>(body: Record<string, unknown>, fields: FieldNames<K>): Picked<K> {
  const input = {} as Record<K, unknown>;
  const names = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) {
    const accepted = fields[key];
    const used = accepted.find((name) => Object.hasOwn(body, name) && body[name] !== undefined && body[name] !== null);
    names[key] = used ?? accepted[0]!;
    input[key] = used === undefined ? undefined : normalise(body[used]);
  }
  return { input, names };
}

/** BDT/INR/PKR in any case, or the original site's ids (8, 7, 17); an empty value means the default (BDT). */
export function clientCurrency(value: unknown): unknown {
  if (value === "" || value === undefined) return undefined;
  if (typeof value !== "string") return value;
  const code = value.trim().toUpperCase();
  const byId = (Object.entries(currencyIds) as [Currency, number][]).find(([, id]) => String(id) === code);
  return byId ? byId[0] : code;
}

const isBlank = (v: unknown) => v === undefined || (typeof v === "string" && v.trim() === "");

/**
 * English messages per client field name. For a missing or blank field only the first message is kept (the
 * schemas check "required" first), so `errors.username` reads ["Username is required"] rather than also
 * listing the format rules an empty value trivially breaks.
 */
export function clientFieldErrors<K extends string>(
  keyed: Partial<Record<K, readonly string[]>>,
  { input, names }: Picked<K>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(keyed) as K[]) {
    const keys = keyed[key] ?? [];
    if (keys.length === 0) continue;
    const messages = [...new Set(keys.map((k) => englishToken(k)))];
    errors[names[key] ?? key] = isBlank(input[key]) ? messages.slice(0, 1) : messages;
  }
  return errors;
}

/** Issues of a failed parse grouped by schema key (the first path segment). */
export function issuesByField(error: z.core.$ZodError): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    (grouped[key] ??= []).push(issue.message);
  }
  return grouped;
}

/** 422 `{ message, errors: { field: [message] } }`; `message` is the first error, as Laravel-style clients expect. */
export function validationFailed(errors: Record<string, string[]>) {
  const first = Object.values(errors)[0]?.[0] ?? english("api.invalidValue");
  return Response.json({ message: first, errors }, { status: 422, headers: NO_STORE });
}
