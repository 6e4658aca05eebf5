CREATE TABLE "vip_accounts" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"experience" bigint DEFAULT 0 NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_accounts_points_check" CHECK ("vip_accounts"."points" >= 0 and "vip_accounts"."experience" >= 0 and "vip_accounts"."carry" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_accrual_marks" (
	"source" text PRIMARY KEY NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'BDT' NOT NULL,
	"ratio" integer,
	"transfer_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_entries_kind_check" CHECK ("vip_entries"."kind" in ('received', 'used')),
	CONSTRAINT "vip_entries_amounts_check" CHECK ("vip_entries"."points" >= 0 and "vip_entries"."stake" >= 0 and "vip_entries"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"experience" bigint NOT NULL,
	"ratio" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_experience_check" CHECK ("vip_levels"."experience" >= 0),
	CONSTRAINT "vip_levels_ratio_check" CHECK ("vip_levels"."ratio" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "vip_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"stake_per_point" bigint DEFAULT 10000 NOT NULL,
	"min_convert" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_settings_single_check" CHECK ("vip_settings"."id" = 1),
	CONSTRAINT "vip_settings_rule_check" CHECK ("vip_settings"."stake_per_point" > 0 and "vip_settings"."min_convert" >= 1)
);
--> statement-breakpoint
ALTER TABLE "vip_accounts" ADD CONSTRAINT "vip_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_entries" ADD CONSTRAINT "vip_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vip_entries_received_idx" ON "vip_entries" USING btree ("source","source_id") WHERE "vip_entries"."kind" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_entries_used_idx" ON "vip_entries" USING btree ("player_id","source_id") WHERE "vip_entries"."kind" = 'used';--> statement-breakpoint
CREATE INDEX "vip_entries_player_idx" ON "vip_entries" USING btree ("player_id","kind","id");--> statement-breakpoint
CREATE INDEX "vip_entries_received_time_idx" ON "vip_entries" USING btree ("created_at") WHERE "vip_entries"."kind" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_name_idx" ON "vip_levels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "game_rounds_settled_idx" ON "game_rounds" USING btree ("settled_at") WHERE "game_rounds"."status" = 'settled';