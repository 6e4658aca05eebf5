// The outbox module's server entry: what other modules and routes may use. Everything else is private.
export { enqueueMessage, startOutboxSender } from "./outbox.server.ts";
