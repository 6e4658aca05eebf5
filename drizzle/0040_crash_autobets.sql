CREATE TABLE "crash_autobets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_autobets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"auto_cashout" integer NOT NULL,
	"bets_done" integer DEFAULT 0 NOT NULL,
	"next_stake" bigint NOT NULL,
	"profit" bigint DEFAULT 0 NOT NULL,
	"last_round_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"session_key" text,
	"stop_reason" text,
	"stop_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_autobets_status_check" CHECK ("crash_autobets"."status" in ('active', 'stopped')),
	CONSTRAINT "crash_autobets_auto_check" CHECK ("crash_autobets"."auto_cashout" >= 101)
);
--> statement-breakpoint
ALTER TABLE "crash_autobets" ADD CONSTRAINT "crash_autobets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_autobets_active_idx" ON "crash_autobets" USING btree ("player_id") WHERE "crash_autobets"."status" = 'active';--> statement-breakpoint
CREATE INDEX "crash_autobets_player_idx" ON "crash_autobets" USING btree ("player_id","id");