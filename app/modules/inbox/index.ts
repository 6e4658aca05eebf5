// The inbox module's browser-safe entry: what components and routes may use in the browser.
export { bulkSchema, preview, sendMessageSchema } from "./validation.ts";
