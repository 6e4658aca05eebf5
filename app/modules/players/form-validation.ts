// The browser's checks of the log-in and sign-up forms, a chunk of its own (the schemas and zod/mini) that the
// pages load after they are on screen (see useLazyValidation). The actions check the same schemas on the server.
import { parseForm } from "#app/components/forms/parse-form.ts";
import { loginSchema, signupSchema } from "./validation.ts";

export const validateLogin = (formData: FormData) => parseForm(formData, loginSchema);
export const validateSignup = (formData: FormData) => parseForm(formData, signupSchema);
