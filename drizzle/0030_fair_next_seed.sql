ALTER TABLE "fair_seeds" ADD COLUMN "next_server_seed" text;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD COLUMN "next_server_seed_hash" text;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD COLUMN "algorithm" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Each active pair commits to its successor now: a next server seed from the database's strong random source
-- (gen_random_uuid, 2 x 122 random bits as 64 hex characters) and its SHA-256, as the app makes them.
UPDATE "fair_seeds" SET "next_server_seed" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') WHERE "active";--> statement-breakpoint
UPDATE "fair_seeds" SET "next_server_seed_hash" = encode(sha256(convert_to("next_server_seed", 'UTF8')), 'hex') WHERE "active";--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_next_check" CHECK ("fair_seeds"."active" = ("fair_seeds"."next_server_seed" is not null and "fair_seeds"."next_server_seed_hash" is not null));