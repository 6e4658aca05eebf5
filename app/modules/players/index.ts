// The players module's browser-safe entry: what components and routes may use in the browser.
export {
  apiSignupSchema,
  blankStepMessage,
  callingCodes,
  changePasswordSchema,
  currencyTypes,
  emailField,
  forgotEmailSchema,
  forgotPasswordSchema,
  forgotSmsSchema,
  loginSchema,
  phoneField,
  registerStep1Schema,
  registerStep2Schema,
  resetCodeSchema,
  setNewPasswordSchema,
  signupSchema,
} from "./validation.ts";
export type { ForgotPasswordInput } from "./validation.ts";
export { currencies, currencyIds } from "./currencies.ts";
export type { Currency } from "./currencies.ts";
export { maskName } from "./mask-name.ts";
