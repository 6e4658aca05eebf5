import type { RouterContextProvider } from "react-router";
import { getInstance } from "#app/i18n/i18n.server.ts";
import type { PaymentError } from "#app/modules/payments/errors.ts";

type Loose = (key: string, options?: Record<string, unknown>) => string;

/** A payment refusal in the request's language, with its values (ranges, counts) filled in. */
export function paymentMessage(context: Readonly<RouterContextProvider>, error: PaymentError): string {
  return (getInstance(context).t as unknown as Loose)(error.messageKey, error.params);
}

/** A conform reply's errors for a refusal: on its field when the form has that field, else for the whole form. */
export function refusalErrors(context: Readonly<RouterContextProvider>, error: PaymentError, formFields: readonly string[]) {
  const message = paymentMessage(context, error);
  return error.field && formFields.includes(error.field) ? { fieldErrors: { [error.field]: [message] } } : { formErrors: [message] };
}
