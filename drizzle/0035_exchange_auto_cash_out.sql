CREATE TABLE "exchange_auto_cash_outs" (
	"player_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"profit_target" bigint NOT NULL,
	"loss_limit" bigint,
	"status" text DEFAULT 'armed' NOT NULL,
	"fired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_auto_cash_outs_player_id_market_id_pk" PRIMARY KEY("player_id","market_id"),
	CONSTRAINT "exchange_auto_cash_outs_status_check" CHECK ("exchange_auto_cash_outs"."status" in ('armed', 'fired', 'cleared')),
	CONSTRAINT "exchange_auto_cash_outs_amounts_check" CHECK ("exchange_auto_cash_outs"."profit_target" > 0 and ("exchange_auto_cash_outs"."loss_limit" is null or "exchange_auto_cash_outs"."loss_limit" > 0))
);
--> statement-breakpoint
ALTER TABLE "exchange_auto_cash_outs" ADD CONSTRAINT "exchange_auto_cash_outs_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_auto_cash_outs" ADD CONSTRAINT "exchange_auto_cash_outs_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_auto_cash_outs_armed_idx" ON "exchange_auto_cash_outs" USING btree ("market_id") WHERE "exchange_auto_cash_outs"."status" = 'armed';