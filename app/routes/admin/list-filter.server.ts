// The GET filters of the back office's lists, shared by each page and its CSV export: one zod schema per list reads
// the search params; a value that does not parse is refused with a message next to its field (the page answers 400
// with the form as sent, the export 400), never a 500. Dhaka days through the kernel: a preset (today, yesterday,
// last 7 or 30 days) or a first and last day, both included.
import { z } from "zod";
import { parseAmountInput } from "#app/kernel/amount-input.ts";
import { type Bounds, dhakaDayStart, dhakaRange, dhakaRangeNames, addDays, isDayKey } from "#app/kernel/dhaka-time.ts";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const day = optional(
  z
    .string()
    .trim()
    .refine((s) => isDayKey(s), "adminExports.errors.day"),
);

/** range, from, to: the date fields every list's filter has. */
export const dateRangeFields = {
  range: optional(z.enum(dhakaRangeNames, { error: "adminExports.errors.range" })),
  from: day,
  to: day,
};

/** Checks the days' order (the last day not before the first); added to each list's schema. */
export function checkDayOrder(value: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: "custom", path: ["to"], message: "adminExports.errors.order" });
}

export const pageField = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).catch(1).default(1));

const searchText = optional(
  z
    .string()
    .trim()
    .max(60, "adminExports.errors.search")
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "adminExports.errors.search"),
);

/** An amount in taka (up to two decimals) as poisha, blank for none. */
export const amountFilter = optional(
  z.string().transform((text, ctx) => {
    const r = parseAmountInput(text);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: "adminExports.errors.amount" });
      return z.NEVER;
    }
    return r.amount;
  }),
);

const method = optional(
  z.coerce
    .number({ error: "adminExports.errors.method" })
    .int("adminExports.errors.method")
    .min(1, "adminExports.errors.method")
    .max(2_147_483_647, "adminExports.errors.method"),
);

/** A finance list's filter: dates, search text, exact amount, status (its own words) and method; `extra` fields of its own. */
export function financeQuerySchema<const S extends readonly [string, ...string[]], E extends z.ZodRawShape = Record<never, never>>(
  statuses: S,
  extra?: E,
) {
  return z
    .object({
      ...dateRangeFields,
      q: searchText,
      amount: amountFilter,
      status: optional(z.enum(statuses, { error: "adminExports.errors.status" })),
      method,
      page: pageField,
      ...(extra as E),
    })
    .superRefine((value, ctx) => checkDayOrder(value as { from?: string; to?: string }, ctx));
}

/** An optional status select that must be one of `values` (refused with the status message). */
export const oneOf = <const S extends readonly [string, ...string[]]>(values: S) => optional(z.enum(values, { error: "adminExports.errors.status" }));

/** [start, end) of the filter's days: a preset resolved against `now`, else from the first day's midnight to the one after the last. */
export function boundsOf(value: { range?: (typeof dhakaRangeNames)[number]; from?: string; to?: string }, now = new Date()): Partial<Bounds> {
  if (value.range) return dhakaRange(value.range, now);
  return {
    start: value.from ? dhakaDayStart(value.from) : undefined,
    end: value.to ? dhakaDayStart(addDays(value.to, 1)) : undefined,
  };
}

export type FilterErrors = Record<string, string>;

/** The first message per field of a failed parse (field "" for the whole form). */
function errorsOf(error: z.ZodError): FilterErrors {
  const errors: FilterErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message.startsWith("adminExports.") ? issue.message : "adminExports.errors.invalid";
  }
  return errors;
}

/**
 * The search params read by `schema`. `values` are the raw strings for the form (so a refused value is shown back as
 * typed), `errors` message keys by field; `value` is set only when everything parsed.
 */
export function readListQuery<T extends z.ZodType>(
  url: URL,
  schema: T,
  fields: readonly string[],
): { values: Record<string, string>; value: z.output<T> | null; errors: FilterErrors } {
  const values: Record<string, string> = {};
  for (const name of fields) values[name] = (url.searchParams.get(name) ?? "").slice(0, 200);
  const parsed = schema.safeParse(Object.fromEntries(fields.map((name) => [name, url.searchParams.get(name) ?? undefined])));
  if (parsed.success) return { values, value: parsed.data, errors: {} };
  return { values, value: null, errors: errorsOf(parsed.error) };
}

export { filterQuery } from "./filter-query.ts";

/** What an export answers for a filter that does not parse: 400 with the fields, as plain text. */
export function badFilterResponse(errors: FilterErrors): Response {
  return new Response(`Bad filter: ${Object.keys(errors).join(", ")}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
