// The fields that report a transfer: the sender number, the TRX ID and the screenshot. One copy for the deposit's
// pay step (/make-payment) and a rejected deposit's Edit and resubmit form.
import { getInputProps } from "@conform-to/react";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { PROOF_MIME_TYPES } from "#app/modules/payments/index.ts";

type FieldOf = Parameters<typeof getInputProps>[0];

export const transferInputClass = "w-full rounded-md border border-white/20 bg-ink px-3 py-2 text-base aria-invalid:border-red-400";

export function TransferFields({
  fields,
  placeholders = false,
}: {
  fields: { senderNumber: FieldOf; trxId: FieldOf; proof: FieldOf };
  /** The pay step shows example values; the resubmit form shows the rejected deposit's own. */
  placeholders?: boolean;
}) {
  const { t } = useTranslation();
  const input = transferInputClass;
  return (
    <>
      <div className="field">
        <label htmlFor={fields.senderNumber.id}>{t("paymentPages.pay.senderNumber")}</label>
        <input
          {...getInputProps(fields.senderNumber, { type: "tel" })}
          key={fields.senderNumber.key}
          inputMode="numeric"
          pattern="[0-9]{11}"
          maxLength={11}
          autoComplete="tel-national"
          placeholder={placeholders ? t("paymentPages.pay.senderPlaceholder") : undefined}
          className={input}
        />
        <ErrorList errors={fields.senderNumber.errors} id={fields.senderNumber.errorId} />
      </div>
      <div className="field">
        <label htmlFor={fields.trxId.id}>{t("paymentPages.pay.trxId")}</label>
        <input
          {...getInputProps(fields.trxId, { type: "text" })}
          key={fields.trxId.key}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholders ? t("paymentPages.pay.trxPlaceholder") : undefined}
          className={input}
        />
        <ErrorList errors={fields.trxId.errors} id={fields.trxId.errorId} />
      </div>
      <div className="field">
        <label htmlFor={fields.proof.id}>{t("paymentPages.pay.proof")}</label>
        <input
          {...getInputProps(fields.proof, { type: "file" })}
          key={fields.proof.key}
          accept={PROOF_MIME_TYPES.join(",")}
          className={`${input} text-sm file:mr-3 file:rounded file:border-0 file:bg-brand file:px-3 file:py-1 file:font-semibold file:text-black`}
        />
        <p className="mt-1 text-xs text-white/50">{t("paymentPages.pay.proofHint")}</p>
        <ErrorList errors={fields.proof.errors} id={fields.proof.errorId} />
      </div>
    </>
  );
}
