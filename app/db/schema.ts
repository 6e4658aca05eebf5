export * from "#app/modules/players/schema.ts";
export * from "#app/modules/sessions/schema.ts";
export * from "#app/modules/outbox/schema.ts";
export * from "#app/modules/content/schema.ts";
