CREATE TABLE "exchange_preferences" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"one_click" boolean DEFAULT false NOT NULL,
	"stake_presets" integer[] NOT NULL,
	"stake" integer NOT NULL,
	"confirm_bets" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_preferences_presets_check" CHECK (cardinality("exchange_preferences"."stake_presets") between 3 and 5),
	CONSTRAINT "exchange_preferences_stake_check" CHECK ("exchange_preferences"."stake" = any("exchange_preferences"."stake_presets"))
);
--> statement-breakpoint
ALTER TABLE "exchange_preferences" ADD CONSTRAINT "exchange_preferences_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;