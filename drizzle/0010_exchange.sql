CREATE TABLE "exchange_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sport" text NOT NULL,
	"competition" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_events_sport_check" CHECK ("exchange_events"."sport" in ('cricket', 'soccer', 'tennis'))
);
--> statement-breakpoint
CREATE TABLE "exchange_exposures" (
	"player_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"hold_id" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_exposures_player_id_market_id_pk" PRIMARY KEY("player_id","market_id"),
	CONSTRAINT "exchange_exposures_amount_check" CHECK ("exchange_exposures"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market_id" integer NOT NULL,
	"runner_id" integer NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"tick" integer NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_fills_size_check" CHECK ("exchange_fills"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_markets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_markets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"ball_running" boolean DEFAULT false NOT NULL,
	"in_play_delay_ms" integer DEFAULT 5000 NOT NULL,
	"commission_bp" integer DEFAULT 200 NOT NULL,
	"min_stake" bigint DEFAULT 10000 NOT NULL,
	"max_stake" bigint DEFAULT 10000000 NOT NULL,
	"no_line" integer,
	"yes_line" integer,
	"no_rate" integer,
	"yes_rate" integer,
	"result_runs" integer,
	"voided" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"settle_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_markets_kind_check" CHECK ("exchange_markets"."kind" in ('match_odds', 'bookmaker', 'fancy')),
	CONSTRAINT "exchange_markets_status_check" CHECK ("exchange_markets"."status" in ('open', 'suspended', 'closed')),
	CONSTRAINT "exchange_markets_stakes_check" CHECK ("exchange_markets"."min_stake" > 0 and "exchange_markets"."max_stake" >= "exchange_markets"."min_stake"),
	CONSTRAINT "exchange_markets_commission_check" CHECK ("exchange_markets"."commission_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"market_id" integer NOT NULL,
	"runner_id" integer,
	"player_id" integer NOT NULL,
	"side" text NOT NULL,
	"tick" integer,
	"rate" integer,
	"line" integer,
	"size" bigint NOT NULL,
	"matched" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"persist" boolean DEFAULT false NOT NULL,
	"request_key" text NOT NULL,
	"profit" bigint,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_orders_side_check" CHECK ("exchange_orders"."side" in ('back', 'lay', 'yes', 'no')),
	CONSTRAINT "exchange_orders_size_check" CHECK ("exchange_orders"."size" > 0 and "exchange_orders"."size" % 100 = 0),
	CONSTRAINT "exchange_orders_parts_check" CHECK ("exchange_orders"."matched" >= 0 and "exchange_orders"."cancelled" >= 0 and "exchange_orders"."matched" + "exchange_orders"."cancelled" <= "exchange_orders"."size")
);
--> statement-breakpoint
CREATE TABLE "exchange_runners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_runners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"market_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"back_rate" integer,
	"lay_rate" integer,
	CONSTRAINT "exchange_runners_status_check" CHECK ("exchange_runners"."status" in ('active', 'winner', 'loser', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "exchange_exposures" ADD CONSTRAINT "exchange_exposures_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exposures" ADD CONSTRAINT "exchange_exposures_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_runner_id_exchange_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."exchange_runners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_taker_order_id_exchange_orders_id_fk" FOREIGN KEY ("taker_order_id") REFERENCES "public"."exchange_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_maker_order_id_exchange_orders_id_fk" FOREIGN KEY ("maker_order_id") REFERENCES "public"."exchange_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_markets" ADD CONSTRAINT "exchange_markets_event_id_exchange_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."exchange_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_runner_id_exchange_runners_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."exchange_runners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_runners" ADD CONSTRAINT "exchange_runners_market_id_exchange_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."exchange_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_events_external_idx" ON "exchange_events" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "exchange_events_start_idx" ON "exchange_events" USING btree ("closed","starts_at");--> statement-breakpoint
CREATE INDEX "exchange_fills_market_idx" ON "exchange_fills" USING btree ("market_id","id");--> statement-breakpoint
CREATE INDEX "exchange_fills_taker_idx" ON "exchange_fills" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "exchange_fills_maker_idx" ON "exchange_fills" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "exchange_markets_event_idx" ON "exchange_markets" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_request_idx" ON "exchange_orders" USING btree ("player_id","request_key");--> statement-breakpoint
CREATE INDEX "exchange_orders_book_idx" ON "exchange_orders" USING btree ("market_id","id") WHERE "exchange_orders"."status" in ('unmatched', 'partially_matched');--> statement-breakpoint
CREATE INDEX "exchange_orders_player_idx" ON "exchange_orders" USING btree ("player_id","market_id");--> statement-breakpoint
CREATE INDEX "exchange_runners_market_idx" ON "exchange_runners" USING btree ("market_id","sort_order");