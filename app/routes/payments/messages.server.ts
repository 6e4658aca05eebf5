import { messageToken } from "#app/i18n/message.ts";
import type { PaymentError } from "#app/modules/payments/errors.ts";

/** A payment refusal with its values (ranges, counts) as a form error, translated where it is shown. */
export function paymentMessage(error: PaymentError): string {
  return messageToken(error.messageKey, error.params);
}

/** A conform reply's errors for a refusal: on its field when the form has that field, else for the whole form. */
export function refusalErrors(error: PaymentError, formFields: readonly string[]) {
  const message = paymentMessage(error);
  return error.field && formFields.includes(error.field) ? { fieldErrors: { [error.field]: [message] } } : { formErrors: [message] };
}
