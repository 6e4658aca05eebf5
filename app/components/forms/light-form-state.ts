// The pure half of useLightForm (light-form.ts): which messages a form shows, and the attributes of its elements.
// The attributes and the rules for when a field is checked are conform's (getInputProps, shouldValidate /
// shouldRevalidate), so a page moved between the two looks and behaves the same.
import type { SubmissionResult } from "@conform-to/react";

/** Messages by field name; the form's own messages are under "". */
export type FormErrors = Record<string, string[]>;
/** What the browser's check of a whole form finds (an empty object when nothing is wrong). */
export type Validate = (formData: FormData) => FormErrors;
/** A field's HTML constraints, as conform's getZodConstraint gives them. */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};
export type LightFormState = {
  /** The messages on show: only for fields already checked. */
  errors: FormErrors;
  /** Fields checked once (by a blur, a submit or the server): from then on they are checked again as they change. */
  validated: Record<string, true>;
};

export const emptyState: LightFormState = { errors: {}, validated: {} };

/** conform's error record (a reply's or a parse's) without its empty entries. */
export function messagesOf(error: Record<string, string[] | null> | null | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/** The messages and checked fields a server reply (conform's submission.reply()) brings. */
export function stateFromReply(reply: SubmissionResult<string[]> | null | undefined): LightFormState {
  const errors = messagesOf(reply?.error);
  const validated: Record<string, true> = {};
  for (const name of [...Object.keys(reply?.state?.validated ?? {}), ...Object.keys(errors)]) validated[name] = true;
  return { errors, validated };
}

/** After a check of the whole form: the messages of every field checked so far, these fields now among them. */
export function afterCheck(state: LightFormState, found: FormErrors, checked: readonly string[]): LightFormState {
  const validated = { ...state.validated };
  for (const name of checked) validated[name] = true;
  const errors: FormErrors = {};
  for (const [name, messages] of Object.entries(found)) if (validated[name] && messages.length) errors[name] = messages;
  return { errors, validated };
}

const defined = <T extends object>(props: T): T => Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as T;

export type FieldMeta = {
  formId: string;
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  constraint?: FieldConstraint;
};

function controlProps(field: FieldMeta) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.constraint?.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}

/** conform's getInputProps for a field of a light form. */
export function inputProps(field: FieldMeta, options: { type: string; value?: string }) {
  const c = field.constraint ?? {};
  const props: React.InputHTMLAttributes<HTMLInputElement> = {
    ...controlProps(field),
    type: options.type,
    minLength: c.minLength,
    maxLength: c.maxLength,
    min: c.min,
    max: c.max,
    step: c.step,
    pattern: c.pattern,
    multiple: c.multiple,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = field.initialValue === props.value;
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  return defined(props);
}

/** conform's getSelectProps for a field of a light form. */
export function selectProps(field: FieldMeta) {
  return defined({
    ...controlProps(field),
    multiple: field.constraint?.multiple,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
  });
}
