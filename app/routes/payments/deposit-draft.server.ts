import { createCookie } from "react-router";
import { z } from "zod";
import { getEnv } from "#app/config/env.server.ts";
import { channelTypes } from "#app/modules/payments/index.ts";

/**
 * Step 1 of a deposit (/deposit) hands over to step 2 (/make-payment) in a short-lived signed cookie: the chosen
 * method, channel, amount, promotion and the wallet number the server assigned. The signature only says this
 * server wrote it; submitDeposit re-checks every field against the database anyway.
 */
export const DRAFT_MINUTES = 30;

const draftSchema = z.object({
  playerId: z.number().int().positive(),
  methodId: z.number().int().positive(),
  channelType: z.enum(channelTypes),
  amount: z.string().regex(/^\d{1,15}$/),
  promotionId: z.number().int().positive().nullable(),
  walletNumberId: z.number().int().positive(),
  accountNumber: z.string().max(40),
});

export type DepositDraft = Omit<z.infer<typeof draftSchema>, "amount"> & { amount: bigint };

let cookie: ReturnType<typeof createCookie> | undefined;
function draftCookie() {
  const env = getEnv();
  cookie ??= createCookie("deposit_draft", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.PUBLIC_URL.startsWith("https:"),
    secrets: [env.SESSION_SECRET],
    maxAge: DRAFT_MINUTES * 60,
  });
  return cookie;
}

export function saveDraft(draft: DepositDraft) {
  return draftCookie().serialize({ ...draft, amount: String(draft.amount) });
}

/** The signed-in player's draft, or null (missing, expired, tampered, or another player's). */
export async function readDraft(request: Request, playerId: number): Promise<DepositDraft | null> {
  const parsed = draftSchema.safeParse(await draftCookie().parse(request.headers.get("cookie")));
  if (!parsed.success || parsed.data.playerId !== playerId) return null;
  return { ...parsed.data, amount: BigInt(parsed.data.amount) };
}

export function clearDraft() {
  return draftCookie().serialize("", { maxAge: 0 });
}
