import { z } from "zod";
import { idField } from "#app/utils/ids.ts";

export const TITLE_MAX = 120;
export const BODY_MAX = 5_000;
export const MAX_LIST = 500;
export const PREVIEW_WORDS = 5;

/** The spec's 5-word preview: the first five words, with an ellipsis when there are more. */
export function preview(text: string, words = PREVIEW_WORDS): string {
  const all = text.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}

/** Usernames separated by commas, spaces or new lines, de-duplicated (case-insensitively). */
export function parseUsernames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const name of text.split(/[\s,;]+/)) if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

/** The back office's send form (role support). Messages are i18n keys under inbox.admin.errors. */
export const sendMessageSchema = z
  .object({
    audience: z.enum(["player", "list", "all"], { message: "inbox.admin.errors.audience" }),
    usernames: z.string().trim().max(20_000, { message: "inbox.admin.errors.tooMany" }).optional().default(""),
    title: z
      .string({ message: "inbox.admin.errors.titleRequired" })
      .trim()
      .min(1, { message: "inbox.admin.errors.titleRequired" })
      .max(TITLE_MAX, { message: "inbox.admin.errors.titleTooLong" }),
    body: z
      .string({ message: "inbox.admin.errors.bodyRequired" })
      .trim()
      .min(1, { message: "inbox.admin.errors.bodyRequired" })
      .max(BODY_MAX, { message: "inbox.admin.errors.bodyTooLong" }),
  })
  .superRefine((v, ctx) => {
    if (v.audience === "all") return;
    const names = parseUsernames(v.usernames);
    if (names.length === 0) ctx.addIssue({ code: "custom", path: ["usernames"], message: "inbox.admin.errors.usernamesRequired" });
    else if (v.audience === "player" && names.length > 1)
      ctx.addIssue({ code: "custom", path: ["usernames"], message: "inbox.admin.errors.onePlayer" });
    else if (names.length > MAX_LIST) ctx.addIssue({ code: "custom", path: ["usernames"], message: "inbox.admin.errors.tooMany" });
  });

/** The player's edit mode: selected ids and Read or Delete. */
export const bulkSchema = z.object({
  intent: z.enum(["read", "delete"]),
  ids: z.array(idField).max(200).default([]),
});
