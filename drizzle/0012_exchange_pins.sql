CREATE TABLE "exchange_pins" (
	"player_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_pins_player_id_market_id_pk" PRIMARY KEY("player_id","market_id")
);
--> statement-breakpoint
ALTER TABLE "exchange_pins" ADD CONSTRAINT "exchange_pins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_pins" ADD CONSTRAINT "exchange_pins_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The demo's Cricket Exchange banner and favourite tile led to the Sports category before the exchange existed.
UPDATE "sliders" SET "link" = '/exchange' WHERE "link" = '/sports' AND "title_en" IN ('Cricket Exchange', 'Cricket exchange: back and lay every ball');
