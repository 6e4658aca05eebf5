ALTER TABLE "general_settings" ADD COLUMN "stream_hosts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_events" ADD COLUMN "stream_url" text;--> statement-breakpoint
ALTER TABLE "exchange_events" ADD CONSTRAINT "exchange_events_stream_check" CHECK ("exchange_events"."stream_url" is null or "exchange_events"."stream_url" like 'https://%');