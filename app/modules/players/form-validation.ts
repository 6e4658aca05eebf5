// The browser's checks of the log-in and sign-up forms, a chunk of its own (the schemas and zod/mini) that the
// pages fetch when the visitor first touches the form (see useLightForm). The actions check the same schemas on the server.
import { parseForm } from "#app/components/forms/parse-form.ts";
import { messagesOf } from "#app/components/forms/light-form-state.ts";
import { blankStepMessage, loginSchema, registerStep1Schema, registerStep2Schema, signupSchema } from "./validation.ts";

/** The messages of a parse, by field name (none when the form is right). */
const errorsOf = (submission: ReturnType<typeof parseForm>) => messagesOf(submission.status === "success" ? null : submission.error);

export const validateLogin = (formData: FormData) => errorsOf(parseForm(formData, loginSchema));
export const validateSignup = (formData: FormData) => errorsOf(parseForm(formData, signupSchema));

/** A two-step sign-up step: its fields' messages, and the spec's form message when a required field is blank. */
function registerStep(step: 1 | 2, formData: FormData) {
  const errors = errorsOf(parseForm(formData, step === 1 ? registerStep1Schema : registerStep2Schema));
  const blank = blankStepMessage(step, formData);
  return blank ? { ...errors, "": [blank] } : errors;
}
export const validateRegisterStep1 = (formData: FormData) => registerStep(1, formData);
export const validateRegisterStep2 = (formData: FormData) => registerStep(2, formData);
