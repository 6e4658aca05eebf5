ALTER TABLE "exchange_orders" ADD COLUMN "lapsed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD COLUMN "matched_return" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
-- Orders matched before these columns: a match-odds order's return and last match from its fills (each at its own
-- price: the ladder's tick → odds × 100, app/modules/exchange/ladder.ts), a Bookmaker or Fancy bet's from its rate.
UPDATE "exchange_orders" o SET "matched_return" = f."return", "matched_at" = f."at"
FROM (
	SELECT x."order_id", sum(x."size" * (CASE
		WHEN x."tick" < 100 THEN 101 + x."tick"
		WHEN x."tick" < 150 THEN 200 + 2 * (x."tick" - 99)
		WHEN x."tick" < 170 THEN 300 + 5 * (x."tick" - 149)
		WHEN x."tick" < 190 THEN 400 + 10 * (x."tick" - 169)
		WHEN x."tick" < 210 THEN 600 + 20 * (x."tick" - 189)
		WHEN x."tick" < 230 THEN 1000 + 50 * (x."tick" - 209)
		WHEN x."tick" < 240 THEN 2000 + 100 * (x."tick" - 229)
		WHEN x."tick" < 250 THEN 3000 + 200 * (x."tick" - 239)
		WHEN x."tick" < 260 THEN 5000 + 500 * (x."tick" - 249)
		ELSE 10000 + 1000 * (x."tick" - 259)
	END) / 100)::bigint AS "return", max(x."created_at") AS "at"
	FROM (
		SELECT "taker_order_id" AS "order_id", "tick", "size", "created_at" FROM "exchange_fills"
		UNION ALL
		SELECT "maker_order_id", "tick", "size", "created_at" FROM "exchange_fills"
	) x
	GROUP BY x."order_id"
) f
WHERE o."id" = f."order_id";--> statement-breakpoint
UPDATE "exchange_orders" SET "matched_return" = "matched" + "matched" * "rate" / 100, "matched_at" = "placed_at"
WHERE "tick" IS NULL AND "matched" > 0;--> statement-breakpoint
-- A lapsed order with nothing matched is known to have lapsed whole; a matched one's lapsed remainder was not told apart.
UPDATE "exchange_orders" SET "lapsed" = "cancelled" WHERE "status" = 'lapsed';--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_lapsed_check" CHECK ("exchange_orders"."lapsed" >= 0 and "exchange_orders"."lapsed" <= "exchange_orders"."cancelled");--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_return_check" CHECK (("exchange_orders"."matched" = 0 and "exchange_orders"."matched_return" = 0) or "exchange_orders"."matched_return" > "exchange_orders"."matched");
