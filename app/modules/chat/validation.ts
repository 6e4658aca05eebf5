import { z } from "zod";

export const CONTENT_MAX = 2_000;

/** A chat message: empty or whitespace-only text is not sent (spec section 5). Keys under chat.errors. */
export const messageSchema = z.object({
  content: z
    .string({ message: "chat.errors.empty" })
    .trim()
    .min(1, { message: "chat.errors.empty" })
    .max(CONTENT_MAX, { message: "chat.errors.tooLong" }),
});
