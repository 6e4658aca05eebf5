// The profile module's browser-safe entry: what components and routes may use in the browser.
export { birthdayField, codeField, contactEditSchema } from "./validation.ts";
