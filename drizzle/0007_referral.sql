CREATE TABLE "referral_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_claims_amount_check" CHECK ("referral_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_reward_days" (
	"day" date PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	"total_reward" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"day" date NOT NULL,
	"level1_turnover" bigint NOT NULL,
	"level2_turnover" bigint NOT NULL,
	"level3_turnover" bigint NOT NULL,
	"turnover" bigint NOT NULL,
	"tab_above" bigint,
	"rates_ppm" jsonb,
	"reward" bigint NOT NULL,
	"status" text NOT NULL,
	"claim_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('claimable', 'claimed', 'below')),
	CONSTRAINT "referral_rewards_amounts_check" CHECK ("referral_rewards"."reward" >= 0 and "referral_rewards"."turnover" = "referral_rewards"."level1_turnover" + "referral_rewards"."level2_turnover" + "referral_rewards"."level3_turnover" and ("referral_rewards"."status" = 'below') = ("referral_rewards"."reward" = 0) and ("referral_rewards"."status" = 'claimed') = ("referral_rewards"."claim_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"required_deposit" bigint NOT NULL,
	"required_turnover" bigint NOT NULL,
	"board" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_row" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_amounts_check" CHECK ("referral_settings"."required_deposit" >= 0 and "referral_settings"."required_turnover" >= 0)
);
--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_claim_id_referral_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."referral_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_claims_player_idx" ON "referral_claims" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_player_day_idx" ON "referral_rewards" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "referral_rewards_claimable_idx" ON "referral_rewards" USING btree ("player_id") WHERE "referral_rewards"."status" = 'claimable';