CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_bn" text DEFAULT '' NOT NULL,
	"terms_en" text DEFAULT '' NOT NULL,
	"terms_bn" text DEFAULT '' NOT NULL,
	"bonus_percent" integer NOT NULL,
	"turnover_multiplier_hundredths" integer DEFAULT 100 NOT NULL,
	"max_bonus" bigint,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"thumbnail" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_bonus_percent_check" CHECK ("promotions"."bonus_percent" between 0 and 500),
	CONSTRAINT "promotions_turnover_check" CHECK ("promotions"."turnover_multiplier_hundredths" between 0 and 100000),
	CONSTRAINT "promotions_max_bonus_check" CHECK ("promotions"."max_bonus" is null or "promotions"."max_bonus" > 0),
	CONSTRAINT "promotions_period_check" CHECK ("promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_amount_check" CHECK ("adjustments"."amount" > 0),
	CONSTRAINT "adjustments_direction_check" CHECK ("adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "adjustments_reason_check" CHECK (length("adjustments"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"wallet_number_id" integer NOT NULL,
	"channel_type" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"sender_number" text NOT NULL,
	"trx_id" text NOT NULL,
	"promotion_id" integer,
	"proof_file" text NOT NULL,
	"proof_mime" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bonus_amount" bigint,
	"bonus_wallet" text,
	"idempotency_key" text NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0),
	CONSTRAINT "deposits_type_check" CHECK ("deposits"."channel_type" in ('Agent', 'Personal')),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposits_sender_check" CHECK ("deposits"."sender_number" ~ '^[0-9]{11}$'),
	CONSTRAINT "deposits_trx_check" CHECK (length("deposits"."trx_id") between 1 and 40),
	CONSTRAINT "deposits_review_check" CHECK (("deposits"."status" = 'pending') = ("deposits"."reviewed_at" is null) and ("deposits"."status" <> 'rejected' or "deposits"."reject_reason" is not null)),
	CONSTRAINT "deposits_bonus_check" CHECK (("deposits"."status" = 'approved') = ("deposits"."bonus_amount" is not null) and ("deposits"."bonus_amount" is null or "deposits"."bonus_amount" >= 0) and ("deposits"."bonus_wallet" is null or "deposits"."bonus_wallet" in ('main', 'bonus')))
);
--> statement-breakpoint
CREATE TABLE "wallet_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method_id" integer NOT NULL,
	"channel_type" text NOT NULL,
	"account_number" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"daily_cap" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_numbers_type_check" CHECK ("wallet_numbers"."channel_type" in ('Agent', 'Personal')),
	CONSTRAINT "wallet_numbers_number_check" CHECK ("wallet_numbers"."account_number" ~ '^[0-9]{11}$'),
	CONSTRAINT "wallet_numbers_range_check" CHECK ("wallet_numbers"."min_amount" > 0 and "wallet_numbers"."max_amount" >= "wallet_numbers"."min_amount"),
	CONSTRAINT "wallet_numbers_cap_check" CHECK ("wallet_numbers"."daily_cap" is null or "wallet_numbers"."daily_cap" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"account_number" text NOT NULL,
	"hold_transfer_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_reference" text,
	"idempotency_key" text NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_review_check" CHECK (("withdrawals"."status" = 'pending') = ("withdrawals"."reviewed_at" is null) and ("withdrawals"."status" <> 'rejected' or "withdrawals"."reject_reason" is not null) and ("withdrawals"."status" <> 'approved' or "withdrawals"."payout_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "turnover_contributions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "turnover_contributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"player_id" integer NOT NULL,
	"stake" bigint NOT NULL,
	"allocations" jsonb NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turnover_contributions_stake_check" CHECK ("turnover_contributions"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "turnover_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"deposit_id" integer,
	"promotion_id" integer,
	"required" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"bonus_wallet" text DEFAULT 'bonus' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "turnover_requirements_amounts_check" CHECK ("turnover_requirements"."required" >= 0 and "turnover_requirements"."remaining" >= 0 and "turnover_requirements"."remaining" <= "turnover_requirements"."required" and "turnover_requirements"."bonus_amount" >= 0),
	CONSTRAINT "turnover_requirements_status_check" CHECK ("turnover_requirements"."status" in ('active', 'complete')),
	CONSTRAINT "turnover_requirements_completion_check" CHECK (("turnover_requirements"."status" = 'complete') = ("turnover_requirements"."completed_at" is not null) and ("turnover_requirements"."status" = 'active' or "turnover_requirements"."remaining" = 0)),
	CONSTRAINT "turnover_requirements_wallet_check" CHECK ("turnover_requirements"."bonus_wallet" in ('main', 'bonus'))
);
--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_wallet_number_id_wallet_numbers_id_fk" FOREIGN KEY ("wallet_number_id") REFERENCES "public"."wallet_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_numbers" ADD CONSTRAINT "wallet_numbers_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_contributions" ADD CONSTRAINT "turnover_contributions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_status_idx" ON "promotions" USING btree ("status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_key_idx" ON "adjustments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "adjustments_player_idx" ON "adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_player_key_idx" ON "deposits" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_method_trx_idx" ON "deposits" USING btree ("method_id",upper("trx_id"));--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposits_player_idx" ON "deposits" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_wallet_number_idx" ON "deposits" USING btree ("wallet_number_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_numbers_method_type_number_idx" ON "wallet_numbers" USING btree ("method_id","channel_type","account_number");--> statement-breakpoint
CREATE INDEX "wallet_numbers_rotation_idx" ON "wallet_numbers" USING btree ("method_id","channel_type","active","last_assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_player_key_idx" ON "withdrawals" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_player_idx" ON "withdrawals" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_contributions_key_idx" ON "turnover_contributions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "turnover_contributions_player_idx" ON "turnover_contributions" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_deposit_idx" ON "turnover_requirements" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "turnover_requirements_player_idx" ON "turnover_requirements" USING btree ("player_id","status","id");