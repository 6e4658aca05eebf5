// The money forms as the browser and the server both check them: the payments module's schemas plus what the
// pages add (the screenshot file, the idempotency key the page was served with).
import { messageToken } from "#app/i18n/message.ts";
import { z } from "zod";
import { amountField } from "#app/kernel/money-field.ts";
import { PROOF_MAX_BYTES, makePaymentSchema, withdrawalFormSchema } from "#app/modules/payments/index.ts";

const idempotencyKey = z.string({ error: "payments.errors.formExpired" }).regex(/^[A-Za-z0-9_.:-]{1,100}$/, "payments.errors.formExpired");

/** /make-payment: sender number and TRX ID, the screenshot (present, at most 5 MB; its type is checked by its bytes on the server). */
export const proofFormSchema = makePaymentSchema.extend({
  proof: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, "payments.errors.proofRequired")
    .refine((f) => f.size <= PROOF_MAX_BYTES, messageToken("payments.errors.proofTooLarge", { mb: 5 })),
  idempotencyKey,
});

/** /withdrawal: method and amount. */
export const withdrawalPageSchema = withdrawalFormSchema.extend({ idempotencyKey });

/** /transaction-record/D<id>, Edit and resubmit: the proof form plus the amount (a rejected deposit corrected). */
export const resubmitFormSchema = proofFormSchema.extend({ amount: amountField("deposit") });
