// What the content back office edits, one entry per kind of content: its fields and the form schema (shared by the
// server and the browser). Messages are adminContent.errors keys. Images are uploads checked by their bytes on the
// server (images.server.ts), never a typed path.
import { z } from "zod";
import { contentPageSlugs, partnerKinds, sliderTypes, socialPlatforms } from "./schema.ts";

export type FieldType = "text" | "textarea" | "link" | "email" | "number" | "select" | "image";
export type FieldDef = { name: string; type: FieldType; required?: boolean; max?: number; options?: readonly string[]; bn?: boolean };
/** `single`: one settings row, edited in place. `fixed`: a fixed set of rows (no new ones). */
export type KindDef = { fields: readonly FieldDef[]; columns: readonly string[]; single?: boolean; fixed?: boolean };

const statuses = ["active", "inactive"] as const;
const status: FieldDef = { name: "status", type: "select", options: statuses, required: true };
const sortOrder: FieldDef = { name: "sortOrder", type: "number" };

export const contentKinds = {
  sliders: {
    fields: [
      { name: "sliderType", type: "select", options: sliderTypes, required: true },
      { name: "titleEn", type: "text", required: true, max: 200 },
      { name: "titleBn", type: "text", required: true, max: 200, bn: true },
      { name: "link", type: "link" },
      { name: "playerLink", type: "link" },
      { name: "thumbnail", type: "image", required: true },
      status,
      sortOrder,
    ],
    columns: ["thumbnail", "sliderType", "titleEn", "status", "sortOrder"],
  },
  announcements: {
    fields: [
      { name: "titleEn", type: "text", required: true, max: 300 },
      { name: "titleBn", type: "text", required: true, max: 300, bn: true },
      { name: "link", type: "link" },
      { name: "image", type: "image" },
      status,
      sortOrder,
    ],
    columns: ["titleEn", "link", "status", "sortOrder"],
  },
  "social-links": {
    fields: [
      { name: "platform", type: "select", options: socialPlatforms, required: true },
      { name: "url", type: "link", required: true },
      { name: "label", type: "text", required: true, max: 100 },
      status,
      sortOrder,
    ],
    columns: ["platform", "url", "label", "status", "sortOrder"],
  },
  partners: {
    fields: [
      { name: "kind", type: "select", options: partnerKinds, required: true },
      { name: "nameEn", type: "text", required: true, max: 120 },
      { name: "nameBn", type: "text", required: true, max: 120, bn: true },
      { name: "roleEn", type: "text", max: 120 },
      { name: "roleBn", type: "text", max: 120, bn: true },
      { name: "termsEn", type: "textarea", max: 2000 },
      { name: "termsBn", type: "textarea", max: 2000, bn: true },
      { name: "image", type: "image" },
      { name: "link", type: "link" },
      status,
      sortOrder,
    ],
    columns: ["image", "kind", "nameEn", "roleEn", "status", "sortOrder"],
  },
  pages: {
    fields: [
      { name: "titleEn", type: "text", required: true, max: 200 },
      { name: "titleBn", type: "text", required: true, max: 200, bn: true },
      { name: "bodyEn", type: "textarea", max: 20_000 },
      { name: "bodyBn", type: "textarea", max: 20_000, bn: true },
      { name: "image", type: "image" },
    ],
    columns: ["slug", "titleEn", "updatedAt"],
    fixed: true,
  },
  branding: {
    fields: [
      { name: "logo", type: "image", required: true },
      { name: "mobileLogo", type: "image", required: true },
      { name: "loaderLogo", type: "image", required: true },
      { name: "favicon", type: "image", required: true },
    ],
    columns: [],
    single: true,
  },
  general: {
    fields: [
      { name: "siteTitle", type: "text", required: true, max: 100 },
      { name: "supportMail", type: "email", required: true, max: 200 },
      { name: "footerTextEn", type: "textarea", max: 10_000 },
      { name: "footerTextBn", type: "textarea", max: 10_000, bn: true },
    ],
    columns: [],
    single: true,
  },
} as const satisfies Record<string, KindDef>;

export type ContentKind = keyof typeof contentKinds;
export const contentKindNames = Object.keys(contentKinds) as ContentKind[];
export const isContentKind = (v: unknown): v is ContentKind => typeof v === "string" && Object.hasOwn(contentKinds, v);
export { contentPageSlugs };

/** Links staff may type: web, mail or phone links, or a path on this site. */
export const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s-]*|\/(?!\/)[^\s]*)$/i;

function fieldSchema(f: FieldDef): z.ZodType {
  const required = "adminContent.errors.required";
  switch (f.type) {
    case "text":
    case "textarea": {
      const s = z
        .string({ error: required })
        .trim()
        .max(f.max ?? 1000, "adminContent.errors.tooLong");
      return f.required ? s.min(1, required) : s.optional().transform((v) => v ?? "");
    }
    case "email":
      return z
        .string({ error: required })
        .trim()
        .max(f.max ?? 200, "adminContent.errors.tooLong")
        .pipe(z.email("adminContent.errors.email"));
    case "link": {
      const s = z.string({ error: required }).trim().max(500, "adminContent.errors.tooLong").regex(SAFE_LINK, "adminContent.errors.link");
      return f.required ? s : s.optional().transform((v) => v ?? null);
    }
    case "number":
      return z
        .string()
        .optional()
        .transform((v, ctx) => {
          if (!v?.trim()) return 0;
          if (!/^\d{1,5}$/.test(v.trim())) {
            ctx.addIssue({ code: "custom", message: "adminContent.errors.number" });
            return z.NEVER;
          }
          return Number(v.trim());
        });
    case "select":
      return z.enum(f.options as [string, ...string[]], required);
    case "image":
      // The upload is checked on the server by its bytes; nothing typed is read.
      return z.any().optional();
  }
}

const schemas = new Map<ContentKind, z.ZodType<Record<string, unknown>>>();
/** The form schema of a kind (image fields are read from the upload, not from the form values). */
export function contentFormSchema(kind: ContentKind): z.ZodType<Record<string, unknown>> {
  let schema = schemas.get(kind);
  if (!schema) {
    const fields = contentKinds[kind].fields as readonly FieldDef[];
    schema = z
      .object(Object.fromEntries(fields.filter((f) => f.type !== "image").map((f) => [f.name, fieldSchema(f)])))
      .transform((v) => v as Record<string, unknown>);
    schemas.set(kind, schema);
  }
  return schema;
}
