// The browser's parse of a form with a zod/mini schema, giving what conform's parseWithZod gives on the server. It
// avoids @conform-to/zod in the browser: its type coercion builds classic zod wrappers, which would bring the whole
// classic library (22 KB Brotli) to pages whose schemas need 6 KB.
import { parse, type Submission } from "@conform-to/react";
import { safeParse, type core } from "zod/mini";

/** conform's coercion for text fields: an empty text or an empty file input means "not given". */
function blankToUndefined(value: unknown): unknown {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0) return undefined;
  if (Array.isArray(value)) return value.map(blankToUndefined);
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blankToUndefined(v)]));
  }
  return value;
}

/** conform's field name for an issue path: `a.b[0]`. */
const fieldName = (path: readonly PropertyKey[]) =>
  path.reduce<string>((name, segment) => {
    if (typeof segment === "number") return `${name}[${segment}]`;
    return name ? `${name}.${String(segment)}` : String(segment);
  }, "");

/**
 * Parses a form for conform's onValidate. Meant for forms of text inputs, selects and checkboxes (whose schemas need no
 * coercion but "blank is missing"); the server still parses with parseWithZod and has the last word.
 */
export function parseForm<Schema extends core.$ZodType>(formData: FormData, schema: Schema): Submission<core.output<Schema>> {
  return parse(formData, {
    resolve(payload) {
      const result = safeParse(schema, blankToUndefined(payload));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
      return { error };
    },
  });
}
