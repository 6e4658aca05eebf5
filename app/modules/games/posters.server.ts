// Game posters (and the content pages' images) uploaded in the back office: checked by their bytes (never the name
// or the browser's type), kept in the upload store (app/modules/uploads, where every app instance reads them) as
// "posters/<random name>" and served by /poster/<name>.
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { uploadStore } from "#app/modules/uploads/index.server.ts";
import { GameAdminError } from "./admin.server.ts";

export const POSTER_MAX_BYTES = 1024 * 1024;
const MIME_EXTENSIONS = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;
type PosterMime = keyof typeof MIME_EXTENSIONS;
const EXTENSION_MIME: Record<string, PosterMime> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** The image type from its first bytes; refuses empty, larger than 1 MB and anything but PNG, JPEG or WebP. */
export async function checkPoster(bytes: Uint8Array | null | undefined): Promise<PosterMime> {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength === 0)
    throw new GameAdminError("invalid_input", "adminGames.errors.posterRequired", "poster");
  if (bytes.byteLength > POSTER_MAX_BYTES) throw new GameAdminError("invalid_input", "adminGames.errors.posterTooLarge", "poster");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.mime in MIME_EXTENSIONS)) throw new GameAdminError("invalid_input", "adminGames.errors.posterType", "poster");
  return type.mime as PosterMime;
}

/** Checks and stores the poster; returns the path it is served at (/poster/<random>.<ext>). */
export async function storePoster(bytes: Uint8Array | null | undefined): Promise<string> {
  const mime = await checkPoster(bytes);
  const name = `${randomBytes(16).toString("hex")}.${MIME_EXTENSIONS[mime]}`;
  await uploadStore().put(`posters/${name}`, bytes!, mime);
  return `/poster/${name}`;
}

/** The stored file of a poster name, or null for a name that is not one of ours or is not stored. */
export async function findPoster(name: string | undefined): Promise<{ bytes: Uint8Array; mime: PosterMime; size: number } | null> {
  if (!name || !FILE_NAME.test(name)) return null;
  const file = await uploadStore().get(`posters/${name}`);
  if (!file) return null;
  return { bytes: file.bytes, mime: EXTENSION_MIME[name.split(".").pop()!]!, size: file.size };
}

/** Whether a file name is one storePoster made (never a path). */
export const isPosterName = (name: string) => FILE_NAME.test(name);

/** Deletes a stored poster by its /poster/<name> path (used when saving the game failed after the upload). */
export async function removePoster(posterPath: string) {
  const name = posterPath.replace(/^\/poster\//, "");
  if (FILE_NAME.test(name)) await uploadStore().delete(`posters/${name}`);
}
