// The browser's checks of the log-in and sign-up forms, a chunk of its own (zod and conform's zod adapter) that the
// pages load after they are on screen (see useLazyValidation). The actions check the same schemas on the server.
import { parseWithZod } from "@conform-to/zod/v4";
import { loginSchema, signupSchema } from "./validation.ts";

export const validateLogin = (formData: FormData) => parseWithZod(formData, { schema: loginSchema });
export const validateSignup = (formData: FormData) => parseWithZod(formData, { schema: signupSchema });
