// The details page's two player actions, posted as plain forms: intent=revert cancels a pending request, and
// intent=resubmit sends a rejected deposit again, corrected (multipart: it carries a new screenshot).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { data, redirect } from "react-router";
import { resubmitFormSchema } from "#app/components/payments/form-schemas.ts";
import { PROOF_MAX_BYTES, parseTransactionId } from "#app/modules/payments/index.ts";
import { isPaymentError, PaymentError, resubmitDeposit, revertTransaction } from "#app/modules/payments/index.server.ts";
import { formStatus, refusalErrors } from "#app/kernel/domain-error.ts";

const FIELDS = ["amount", "senderNumber", "trxId", "proof"] as const;

export type DetailsActionData = { intent: "revert" | "resubmit"; result: SubmissionResult };

const refusal = (intent: DetailsActionData["intent"], error: PaymentError, status: number) =>
  data<DetailsActionData>({ intent, result: { status: "error", error: { "": [error.token] } } }, { status });

const statusFor = (e: PaymentError) => formStatus(e, { not_revertible: 409, not_resubmittable: 409, trx_used: 409 });

export async function detailsAction(request: Request, playerId: number, txId: string, ip: string | null) {
  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxFiles: 1, maxFileSize: PROOF_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof FormDataParseError || e instanceof MultipartParseError)) throw e;
    const tooLarge = e instanceof MaxFileSizeExceededError;
    const error = new PaymentError("invalid_proof", tooLarge ? "payments.errors.proofTooLarge" : "payments.errors.proofRequired", {
      field: "proof",
      params: { mb: "5" },
    });
    return data<DetailsActionData>(
      { intent: "resubmit", result: { status: "error", error: { proof: [error.token] } } },
      { status: tooLarge ? 413 : 400 },
    );
  }
  const intent = formData.get("intent");
  if (intent === "revert") {
    try {
      await revertTransaction(playerId, txId, ip);
    } catch (e) {
      if (!isPaymentError(e)) throw e;
      if (e.code === "not_found") throw data(null, { status: 404 });
      return refusal("revert", e, statusFor(e));
    }
    return redirect(`/transaction-record/${txId.toUpperCase()}`);
  }
  if (intent !== "resubmit") return refusal("revert", new PaymentError("invalid_input", "payments.errors.formExpired"), 400);
  const source = parseTransactionId(txId);
  if (source?.kind !== "D") throw data(null, { status: 404 });
  const submission = parseWithZod(formData, { schema: resubmitFormSchema });
  if (submission.status !== "success") {
    return data<DetailsActionData>({ intent: "resubmit", result: submission.reply({ hideFields: ["proof"] }) }, { status: 400 });
  }
  const { amount, senderNumber, trxId, proof, idempotencyKey } = submission.value;
  try {
    const { deposit } = await resubmitDeposit(playerId, source.id, {
      amount,
      senderNumber,
      trxId,
      proof: { bytes: new Uint8Array(await proof.arrayBuffer()), declaredName: proof.name },
      idempotencyKey,
    });
    return redirect(`/transaction-record/D${deposit.id}`);
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    if (e.code === "not_found") throw data(null, { status: 404 });
    return data<DetailsActionData>(
      { intent: "resubmit", result: submission.reply({ ...refusalErrors(e, FIELDS), hideFields: ["proof"] }) },
      { status: statusFor(e) },
    );
  }
}
