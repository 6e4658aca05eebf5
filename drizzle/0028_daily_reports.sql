CREATE TABLE "report_bonus_daily" (
	"day" date NOT NULL,
	"promotion_id" integer NOT NULL,
	"cost" bigint NOT NULL,
	CONSTRAINT "report_bonus_daily_day_promotion_id_pk" PRIMARY KEY("day","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "report_casino_daily" (
	"day" date NOT NULL,
	"product" text NOT NULL,
	"provider" text NOT NULL,
	"game" text NOT NULL,
	"rounds" integer NOT NULL,
	"stakes" bigint NOT NULL,
	"wins" bigint NOT NULL,
	CONSTRAINT "report_casino_daily_day_provider_game_pk" PRIMARY KEY("day","provider","game"),
	CONSTRAINT "report_casino_daily_product_check" CHECK ("report_casino_daily"."product" in ('house', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "report_cursor" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"folded_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_exchange_daily" (
	"day" date NOT NULL,
	"market_kind" text NOT NULL,
	"market_id" integer NOT NULL,
	"matched" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"house_result" bigint NOT NULL,
	CONSTRAINT "report_exchange_daily_day_market_id_pk" PRIMARY KEY("day","market_id")
);
--> statement-breakpoint
CREATE TABLE "report_payments_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"method_id" integer NOT NULL,
	"channel" text NOT NULL,
	"requested_count" integer NOT NULL,
	"requested_amount" bigint NOT NULL,
	"paid_count" integer NOT NULL,
	"paid_amount" bigint NOT NULL,
	CONSTRAINT "report_payments_daily_day_kind_method_id_channel_pk" PRIMARY KEY("day","kind","method_id","channel"),
	CONSTRAINT "report_payments_daily_kind_check" CHECK ("report_payments_daily"."kind" in ('deposit', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "report_player_days" (
	"day" date NOT NULL,
	"player_id" integer NOT NULL,
	"signed_up" boolean DEFAULT false NOT NULL,
	"deposited" boolean DEFAULT false NOT NULL,
	"first_deposit" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	CONSTRAINT "report_player_days_day_player_id_pk" PRIMARY KEY("day","player_id")
);
--> statement-breakpoint
CREATE INDEX "report_player_days_player_idx" ON "report_player_days" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_created_idx" ON "game_rounds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exchange_fills_created_idx" ON "exchange_fills" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exchange_orders_placed_idx" ON "exchange_orders" USING btree ("placed_at");