CREATE TABLE "crash_bets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" bigint NOT NULL,
	"player_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"currency" text NOT NULL,
	"auto_cashout" integer,
	"cashout_at" bigint,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_auto_check" CHECK ("crash_bets"."auto_cashout" is null or "crash_bets"."auto_cashout" >= 101),
	CONSTRAINT "crash_bets_status_check" CHECK ("crash_bets"."status" in ('active', 'cashed', 'lost', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_chains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seed" text NOT NULL,
	"length" integer NOT NULL,
	"terminating_hash" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crash_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"game_number" integer NOT NULL,
	"hash" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"status" text DEFAULT 'betting' NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_rounds_point_check" CHECK ("crash_rounds"."crash_point" >= 100),
	CONSTRAINT "crash_rounds_status_check" CHECK ("crash_rounds"."status" in ('betting', 'running', 'crashed', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "fair_seeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fair_seeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fair_seeds_revealed_check" CHECK ("fair_seeds"."active" = ("fair_seeds"."revealed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "game_favourites" (
	"player_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_launches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_launches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"player_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"device" text NOT NULL,
	"return_to" text DEFAULT '/games' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'aggregator' NOT NULL,
	"filter_id" integer,
	"icon" text DEFAULT '' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"operator_id" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"secret_previous" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_providers_platform_check" CHECK ("game_providers"."platform" ~ '^[A-Z0-9]{2,20}$'),
	CONSTRAINT "game_providers_kind_check" CHECK ("game_providers"."kind" in ('house', 'aggregator'))
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"game_id" integer,
	"game_code" text NOT NULL,
	"game_type" text NOT NULL,
	"platform" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fairness" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_amounts_check" CHECK ("game_rounds"."stake" >= 0 and "game_rounds"."payout" >= 0),
	CONSTRAINT "game_rounds_status_check" CHECK ("game_rounds"."status" in ('open', 'settled', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "game_wallet_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_wallet_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"txn_id" text NOT NULL,
	"action" text NOT NULL,
	"player_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"game_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"ref_txn_id" text,
	"status" text DEFAULT 'applied' NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_wallet_calls_amount_check" CHECK ("game_wallet_calls"."amount" >= 0),
	CONSTRAINT "game_wallet_calls_action_check" CHECK ("game_wallet_calls"."action" in ('bet', 'win', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"provider_id" integer NOT NULL,
	"poster" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"min_stake" bigint DEFAULT 1000 NOT NULL,
	"max_stake" bigint DEFAULT 2500000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_stakes_check" CHECK ("games"."min_stake" > 0 and "games"."max_stake" >= "games"."min_stake")
);
--> statement-breakpoint
CREATE TABLE "mines_games" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mines_games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"seed_id" integer NOT NULL,
	"nonce" integer NOT NULL,
	"mines" integer NOT NULL,
	"stake" bigint NOT NULL,
	"currency" text NOT NULL,
	"revealed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'playing' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "mines_games_mines_check" CHECK ("mines_games"."mines" between 1 and 24),
	CONSTRAINT "mines_games_status_check" CHECK ("mines_games"."status" in ('playing', 'cashed', 'busted'))
);
--> statement-breakpoint
DROP TABLE "featured_games" CASCADE;--> statement-breakpoint
ALTER TABLE "general_settings" ADD COLUMN "demo_starting_balance" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_launches" ADD CONSTRAINT "game_launches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wallet_calls" ADD CONSTRAINT "game_wallet_calls_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wallet_calls" ADD CONSTRAINT "game_wallet_calls_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mines_games" ADD CONSTRAINT "mines_games_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mines_games" ADD CONSTRAINT "mines_games_seed_id_fair_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_player_idx" ON "crash_bets" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE INDEX "crash_bets_player_idx" ON "crash_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_game_idx" ON "crash_rounds" USING btree ("chain_id","game_number");--> statement-breakpoint
CREATE INDEX "crash_rounds_status_idx" ON "crash_rounds" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_active_idx" ON "fair_seeds" USING btree ("player_id") WHERE "fair_seeds"."active";--> statement-breakpoint
CREATE INDEX "fair_seeds_player_idx" ON "fair_seeds" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_launches_token_idx" ON "game_launches" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_launches_player_idx" ON "game_launches" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_providers_platform_idx" ON "game_providers" USING btree ("platform");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_round_idx" ON "game_rounds" USING btree ("provider_id","player_id","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_settled_idx" ON "game_rounds" USING btree ("player_id","status","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_wallet_calls_txn_idx" ON "game_wallet_calls" USING btree ("provider_id","txn_id");--> statement-breakpoint
CREATE INDEX "game_wallet_calls_ref_idx" ON "game_wallet_calls" USING btree ("provider_id","ref_txn_id");--> statement-breakpoint
CREATE INDEX "game_wallet_calls_round_idx" ON "game_wallet_calls" USING btree ("provider_id","player_id","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_code_idx" ON "games" USING btree ("code");--> statement-breakpoint
CREATE INDEX "games_type_idx" ON "games" USING btree ("type","active","display_order");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id","active");--> statement-breakpoint
CREATE INDEX "games_featured_idx" ON "games" USING btree ("featured","active","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "mines_games_playing_idx" ON "mines_games" USING btree ("player_id") WHERE "mines_games"."status" = 'playing';--> statement-breakpoint
CREATE INDEX "mines_games_player_idx" ON "mines_games" USING btree ("player_id","id");