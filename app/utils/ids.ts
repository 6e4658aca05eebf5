// Database ids as a client sends them (a form field, a query, a path, JSON), shared by the server and the browser.
// Most tables number their rows with PostgreSQL integers (int4): a well-formed number past INT4_MAX is no row of
// ours, and PostgreSQL refuses it in a query ("out of range for type integer", a 500) where it should find nothing.
import { z } from "zod";

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** True for a whole number from 1 to INT4_MAX. */
export const isId = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0 && n <= INT4_MAX;

/** A database id from a form or URL; anything else (forged, huge, text) is not one. */
export function toId(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return isId(n) ? n : null;
}

/** The zod field of an id (a form's text or a JSON number): a whole number from 1 to INT4_MAX. */
export const idField = z.coerce.number().int().positive().max(INT4_MAX);
