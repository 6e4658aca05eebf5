ALTER TABLE "crash_bets" ADD COLUMN "max_payout" bigint;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "capped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "max_win" bigint DEFAULT 100000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "round_payout_cap" bigint;--> statement-breakpoint
ALTER TABLE "mines_games" ADD COLUMN "max_win" bigint;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_max_win_check" CHECK ("games"."max_win" > 0);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_round_payout_cap_check" CHECK ("games"."round_payout_cap" is null or "games"."round_payout_cap" > 0);--> statement-breakpoint
-- Hand-written (issue 30): every existing game got max_win = ৳10,00,000 from the column default; the house Crash
-- row gets its round payout cap of ৳10,00,00,000 (a hundred max wins; house/limits.ts).
UPDATE "games" SET "round_payout_cap" = 10000000000 WHERE "code" = 'HOUSE-CRASH-CRASH';
