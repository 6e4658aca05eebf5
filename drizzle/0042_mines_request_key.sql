ALTER TABLE "mines_games" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mines_games_request_idx" ON "mines_games" USING btree ("player_id","request_key");