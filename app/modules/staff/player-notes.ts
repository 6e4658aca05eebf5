// Staff notes and tags on a player (browser-safe: the back office's forms validate with these). Messages are i18n keys
// under "adminPlayers.errors.".
import { z } from "zod";

export const NOTE_MAX = 2000;
export const TAG_MAX = 32;

export const noteSchema = z.object({
  body: z
    .string({ error: "adminPlayers.errors.noteRequired" })
    .trim()
    .min(1, { error: "adminPlayers.errors.noteRequired", abort: true })
    .max(NOTE_MAX, "adminPlayers.errors.noteTooLong")
    .refine((s) => !s.includes("\0"), "adminPlayers.errors.noteRequired"),
});

/** A tag is lower-case letters, digits, "-" and "_" (spaces become "-"), 1 to 32 characters: "vip-watch", "kyc_2". */
export const tagField = z
  .string({ error: "adminPlayers.errors.tagInvalid" })
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\s+/g, "-"))
  .pipe(z.string().regex(new RegExp(`^[a-z0-9][a-z0-9_-]{0,${TAG_MAX - 1}}$`), "adminPlayers.errors.tagInvalid"));

export const tagSchema = z.object({ tag: tagField });
