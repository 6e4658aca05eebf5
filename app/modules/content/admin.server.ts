// The content back office (roles admin and content): sliders, announcements, social links, footer partners, the
// Affiliate and Brand Ambassador pages, branding and general settings. Every change is audited inside its
// transaction; uploaded images are checked by their bytes. Pages read the change at once on this instance.
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { asc, eq } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { isGameAdminError, checkPoster, POSTER_MAX_BYTES, removePoster, storePoster } from "#app/modules/games/index.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { isId } from "#app/utils/ids.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { type ContentKind, contentKinds, type FieldDef } from "./admin-kinds.ts";
import { announcements, branding, contentPages, footerPartners, sliders, socialLinks } from "./schema.ts";
import { generalSettings } from "#app/modules/settings/index.server.ts";

export const CONTENT_IMAGE_MAX_BYTES = POSTER_MAX_BYTES;

export class ContentAdminError extends DomainError<"invalid_input" | "not_found"> {
  declare readonly messageKey: Extract<MessageKey, `adminContent.errors.${string}`>;
  constructor(code: "invalid_input" | "not_found", messageKey: Extract<MessageKey, `adminContent.errors.${string}`>, field?: string) {
    super(code, messageKey, { field, detail: messageKey });
    this.name = "ContentAdminError";
  }
}
export const isContentAdminError = (e: unknown): e is ContentAdminError => e instanceof ContentAdminError;

const tables = {
  sliders,
  announcements,
  "social-links": socialLinks,
  partners: footerPartners,
  pages: contentPages,
  branding,
  general: generalSettings,
} as const;

// Drizzle's table types differ per kind; the kinds' field lists (admin-kinds.ts) are what decides the columns.
type AnyTable = typeof sliders;
const tableOf = (kind: ContentKind) => tables[kind] as unknown as AnyTable;
type Row = Record<string, unknown> & { id: number };

export type Actor = { staffId: number; ip: string | null };
/** Uploaded files by field name (bytes as sent; checked here). */
export type Uploads = Record<string, Uint8Array | null>;

export async function listContent(kind: ContentKind): Promise<Row[]> {
  const table = tableOf(kind);
  const sortOrder = (table as Partial<AnyTable>).sortOrder;
  const order = sortOrder ? [asc(sortOrder), asc(table.id)] : [asc(table.id)];
  return (await db
    .select()
    .from(table)
    .orderBy(...order)) as unknown as Row[];
}

export async function getContent(kind: ContentKind, id: number): Promise<Row | null> {
  if (!isId(id)) return null;
  const table = tableOf(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return (row as unknown as Row) ?? null;
}

/** The settings row a `single` kind edits (the first). */
export async function getSingleContent(kind: ContentKind): Promise<Row | null> {
  const table = tableOf(kind);
  const [row] = await db.select().from(table).orderBy(asc(table.id)).limit(1);
  return (row as unknown as Row) ?? null;
}

const columnsOf = (kind: ContentKind) => (contentKinds[kind].fields as readonly FieldDef[]).map((f) => f.name);
const pick = (row: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((n) => [n, row[n] ?? null]));

/**
 * Creates (id null) or updates a row of `kind` from checked form values and uploads. Images: a new upload replaces
 * the stored one; none keeps it; a required image must exist. Fixed and single kinds cannot gain rows.
 */
export async function saveContent(
  kind: ContentKind,
  actor: Actor,
  id: number | null,
  values: Record<string, unknown>,
  uploads: Uploads = {},
): Promise<Row> {
  const def = contentKinds[kind] as { fields: readonly FieldDef[]; single?: boolean; fixed?: boolean };
  if (id === null && (def.single || def.fixed)) throw new ContentAdminError("not_found", "adminContent.errors.notFound");
  const images = def.fields.filter((f) => f.type === "image");
  // Check every upload before storing any, so a bad second file leaves no orphan first one.
  for (const f of images) {
    const bytes = uploads[f.name];
    if (bytes && bytes.byteLength > 0) await checkImage(bytes, f.name);
  }
  const stored: string[] = [];
  try {
    const set: Record<string, unknown> = {};
    for (const f of def.fields) if (f.type !== "image") set[f.name] = values[f.name];
    for (const f of images) {
      const bytes = uploads[f.name];
      if (bytes && bytes.byteLength > 0) {
        const path = await storePoster(bytes);
        stored.push(path);
        set[f.name] = path;
      }
    }
    const table = tableOf(kind);
    const names = columnsOf(kind);
    const row = await db.transaction(async (tx: Tx) => {
      if (id === null) {
        for (const f of images)
          if (f.required && !set[f.name]) throw new ContentAdminError("invalid_input", "adminContent.errors.imageRequired", f.name);
        const [created] = (await tx
          .insert(table)
          .values(set as never)
          .returning()) as unknown as Row[];
        await audit(tx, {
          staffId: actor.staffId,
          action: `content.${kind}.create`,
          entity: `content.${kind}`,
          entityId: created!.id,
          after: pick(created!, names),
          ip: actor.ip,
        });
        return created!;
      }
      const [before] = (await tx.select().from(table).where(eq(table.id, id)).for("update")) as unknown as Row[];
      if (!before) throw new ContentAdminError("not_found", "adminContent.errors.notFound");
      // Branding saved without a new upload changes nothing.
      if (Object.keys(set).length === 0) return before;
      if ("updatedAt" in table) set.updatedAt = new Date();
      const [after] = (await tx
        .update(table)
        .set(set as never)
        .where(eq(table.id, id))
        .returning()) as unknown as Row[];
      const diff = changedFields(pick(before, names), pick(after!, names));
      if (Object.keys(diff.after).length > 0) {
        await audit(tx, {
          staffId: actor.staffId,
          action: `content.${kind}.update`,
          entity: `content.${kind}`,
          entityId: id,
          before: diff.before,
          after: diff.after,
          ip: actor.ip,
        });
      }
      return after!;
    });
    contentChanged();
    return row;
  } catch (e) {
    for (const path of stored) await removePoster(path);
    throw e;
  }
}

async function checkImage(bytes: Uint8Array, field: string) {
  try {
    await checkPoster(bytes);
  } catch (e) {
    const key = isGameAdminError(e) && e.messageKey === "adminGames.errors.posterTooLarge" ? "imageTooLarge" : "imageType";
    throw new ContentAdminError("invalid_input", `adminContent.errors.${key}`, field);
  }
}
