ALTER TABLE "sliders" ADD COLUMN "player_link" text;--> statement-breakpoint
-- Slides that offer sign-up led logged-in players to /signup, which sends them home: send them to the deposit page.
UPDATE "sliders" SET "player_link" = '/deposit' WHERE "link" IN ('/signup', '/register') AND "player_link" IS NULL;
