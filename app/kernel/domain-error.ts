// One shape for every refusal a person can cause (a wrong amount, a closed market, a taken username): a code the
// code switches on, the catalogue key of the text a person reads, its values, the form field it belongs to and the
// HTTP status an API answers with. Each module names its codes in a subclass; this file turns any of them into a form
// reply, an API body's message and log fields, once.
import { type MessageKey, type MessageParams, messageToken } from "#app/i18n/message.ts";

export type DomainErrorOptions = {
  field?: string;
  params?: MessageParams;
  /** The API's status for it; by default 404 for a "not_found" code ("market_not_found" too), else 422. */
  status?: number;
  /** For logs and stack traces only; never shown. Defaults to "<code>: <messageKey>". */
  detail?: string;
};

const defaultStatus = (code: string) => (code === "not_found" || code.endsWith("_not_found") ? 404 : 422);

export class DomainError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly messageKey: MessageKey;
  readonly field: string | undefined;
  readonly params: MessageParams;
  readonly status: number;

  constructor(code: Code, messageKey: MessageKey, { field, params = {}, status = defaultStatus(code), detail }: DomainErrorOptions = {}) {
    super(detail ?? `${code}: ${messageKey}`);
    this.name = new.target.name;
    this.code = code;
    this.messageKey = messageKey;
    this.field = field;
    this.params = params;
    this.status = status;
  }

  /** The values the message is shown with; a subclass whose params need formatting (poisha as taka) overrides it. */
  shownParams(): MessageParams {
    return this.params;
  }

  /** The message as one form-error token (the key and its values), translated where it is shown. */
  get token(): string {
    return messageToken(this.messageKey, this.shownParams());
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

/** A conform reply's errors for a refusal: on its field when the form has that field, else for the whole form. */
export function refusalErrors(error: DomainError, formFields: readonly string[] = []) {
  return error.field && formFields.includes(error.field) ? { fieldErrors: { [error.field]: [error.token] } } : { formErrors: [error.token] };
}

/**
 * A form's HTTP status for a refusal: 404 when what it names does not exist, the status `byCode` gives its code (409
 * when the thing changed under the person, 403 when they may not), else 400 — a form answers 400 where the API
 * answers 422.
 */
export function formStatus<Code extends string>(error: DomainError<Code>, byCode: Partial<Record<Code, number>> = {}): number {
  return error.status === 404 ? 404 : (byCode[error.code] ?? 400);
}

/** What a log line records of a refusal (never the text a person reads, which depends on their language). */
export function refusalLogFields(error: DomainError) {
  return { error: error.name, code: error.code, key: error.messageKey, field: error.field, status: error.status };
}
