CREATE TABLE "report_retention_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	"d1" integer NOT NULL,
	"d7" integer NOT NULL,
	"d30" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "signed_up_7" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "deposited_7" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "first_deposit_7" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "active_7" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "signed_up_30" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "deposited_30" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "first_deposit_30" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
ALTER TABLE "report_player_bits" ADD COLUMN "active_30" bit varying DEFAULT ''::bit varying NOT NULL;--> statement-breakpoint
-- The rolling sets and retention rows start empty: the job refolds every day from the first sign-up once (as 0029 did).
UPDATE "report_cursor" SET "folded_until" = NULL;
