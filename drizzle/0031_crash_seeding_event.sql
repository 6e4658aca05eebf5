ALTER TABLE "crash_chains" ALTER COLUMN "salt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD COLUMN "salt_fixed_at" timestamp with time zone;--> statement-breakpoint
-- Chains made before seeding events had their salt from the start: fixed when they were made.
UPDATE "crash_chains" SET "salt_fixed_at" = "created_at", "salt_source" = 'random bytes made with the chain (before seeding events)';--> statement-breakpoint
ALTER TABLE "crash_chains" ADD CONSTRAINT "crash_chains_salt_check" CHECK (("crash_chains"."salt" is null) = ("crash_chains"."salt_fixed_at" is null));