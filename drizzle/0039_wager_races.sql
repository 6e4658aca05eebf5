CREATE TABLE "race_entries" (
	"race_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"player_id" integer NOT NULL,
	"wagered" bigint NOT NULL,
	"bets" integer NOT NULL,
	"reached_at" timestamp (6) with time zone NOT NULL,
	CONSTRAINT "race_entries_race_id_period_start_player_id_pk" PRIMARY KEY("race_id","period_start","player_id"),
	CONSTRAINT "race_entries_wagered_check" CHECK ("race_entries"."wagered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "race_payouts" (
	"race_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"winners" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_payouts_race_id_period_start_pk" PRIMARY KEY("race_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "race_prize_tables" (
	"race_id" integer NOT NULL,
	"from_period" date NOT NULL,
	"prizes" jsonb NOT NULL,
	"wallet" text NOT NULL,
	"turnover_multiplier" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_prize_tables_race_id_from_period_pk" PRIMARY KEY("race_id","from_period"),
	CONSTRAINT "race_prize_tables_wallet_check" CHECK ("race_prize_tables"."wallet" in ('main', 'bonus')),
	CONSTRAINT "race_prize_tables_multiplier_check" CHECK ("race_prize_tables"."turnover_multiplier" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "race_prizes" (
	"race_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"rank" integer NOT NULL,
	"player_id" integer NOT NULL,
	"wagered" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"wallet" text NOT NULL,
	CONSTRAINT "race_prizes_race_id_period_start_rank_pk" PRIMARY KEY("race_id","period_start","rank")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_bn" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"products" text[] NOT NULL,
	"min_stake" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "races_min_stake_check" CHECK ("races"."min_stake" >= 0),
	CONSTRAINT "races_period_check" CHECK ("races"."period" in ('daily', 'weekly')),
	CONSTRAINT "races_products_check" CHECK (cardinality("races"."products") > 0)
);
--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_entries" ADD CONSTRAINT "race_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_payouts" ADD CONSTRAINT "race_payouts_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_prize_tables" ADD CONSTRAINT "race_prize_tables_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_prizes" ADD CONSTRAINT "race_prizes_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_prizes" ADD CONSTRAINT "race_prizes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_entries_rank_idx" ON "race_entries" USING btree ("race_id","period_start","wagered" DESC NULLS LAST,"reached_at","player_id");--> statement-breakpoint
CREATE INDEX "race_prizes_player_idx" ON "race_prizes" USING btree ("player_id");