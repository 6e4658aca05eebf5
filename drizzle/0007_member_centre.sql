CREATE TABLE "content_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_bn" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_bn" text DEFAULT '' NOT NULL,
	"image" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_pages_slug_check" CHECK ("content_pages"."slug" in ('affiliate', 'brand-ambassador'))
);
--> statement-breakpoint
CREATE TABLE "footer_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footer_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name_en" text NOT NULL,
	"name_bn" text NOT NULL,
	"role_en" text DEFAULT '' NOT NULL,
	"role_bn" text DEFAULT '' NOT NULL,
	"terms_en" text DEFAULT '' NOT NULL,
	"terms_bn" text DEFAULT '' NOT NULL,
	"image" text,
	"link" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "footer_partners_kind_check" CHECK ("footer_partners"."kind" in ('sponsor', 'ambassador'))
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_verification_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"phone_id" integer,
	"recipient" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"calling_code" text DEFAULT '880' NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verified_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"player_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "referral_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_claims_amount_check" CHECK ("referral_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_reward_days" (
	"day" date PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	"total_reward" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"day" date NOT NULL,
	"level1_turnover" bigint NOT NULL,
	"level2_turnover" bigint NOT NULL,
	"level3_turnover" bigint NOT NULL,
	"turnover" bigint NOT NULL,
	"tab_above" bigint,
	"rates_ppm" jsonb,
	"reward" bigint NOT NULL,
	"status" text NOT NULL,
	"claim_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('claimable', 'claimed', 'below')),
	CONSTRAINT "referral_rewards_amounts_check" CHECK ("referral_rewards"."reward" >= 0 and "referral_rewards"."turnover" = "referral_rewards"."level1_turnover" + "referral_rewards"."level2_turnover" + "referral_rewards"."level3_turnover" and ("referral_rewards"."status" = 'below') = ("referral_rewards"."reward" = 0) and ("referral_rewards"."status" = 'claimed') = ("referral_rewards"."claim_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"required_deposit" bigint NOT NULL,
	"required_turnover" bigint NOT NULL,
	"board" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_row" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_amounts_check" CHECK ("referral_settings"."required_deposit" >= 0 and "referral_settings"."required_turnover" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audience" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"template" text,
	"params" jsonb,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_recipients" (
	"player_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "inbox_recipients_player_id_message_id_pk" PRIMARY KEY("player_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chat_id" integer NOT NULL,
	"sender" text NOT NULL,
	"staff_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verification_codes" ADD CONSTRAINT "phone_verification_codes_phone_id_player_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."player_phones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_phones" ADD CONSTRAINT "player_phones_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_contacts" ADD CONSTRAINT "verified_contacts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_accounts" ADD CONSTRAINT "vip_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_entries" ADD CONSTRAINT "vip_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claims" ADD CONSTRAINT "referral_claims_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_claim_id_referral_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."referral_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_sent_by_staff_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_recipients" ADD CONSTRAINT "inbox_recipients_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_recipients" ADD CONSTRAINT "inbox_recipients_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_assigned_to_staff_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "footer_partners_kind_idx" ON "footer_partners" USING btree ("kind","status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "email_verification_tokens_hash_idx" ON "email_verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_verification_tokens_player_idx" ON "email_verification_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "phone_verification_codes_player_idx" ON "phone_verification_codes" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_phones_player_phone_idx" ON "player_phones" USING btree ("player_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "verified_contacts_kind_value_idx" ON "verified_contacts" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "verified_contacts_player_idx" ON "verified_contacts" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_entries_received_idx" ON "vip_entries" USING btree ("source","source_id") WHERE "vip_entries"."kind" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_entries_used_idx" ON "vip_entries" USING btree ("player_id","source_id") WHERE "vip_entries"."kind" = 'used';--> statement-breakpoint
CREATE INDEX "vip_entries_player_idx" ON "vip_entries" USING btree ("player_id","kind","id");--> statement-breakpoint
CREATE INDEX "vip_entries_received_time_idx" ON "vip_entries" USING btree ("created_at") WHERE "vip_entries"."kind" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_name_idx" ON "vip_levels" USING btree ("name");--> statement-breakpoint
CREATE INDEX "referral_claims_player_idx" ON "referral_claims" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_player_day_idx" ON "referral_rewards" USING btree ("player_id","day");--> statement-breakpoint
CREATE INDEX "referral_rewards_claimable_idx" ON "referral_rewards" USING btree ("player_id") WHERE "referral_rewards"."status" = 'claimable';--> statement-breakpoint
CREATE INDEX "inbox_messages_broadcast_idx" ON "inbox_messages" USING btree ("created_at") WHERE "inbox_messages"."audience" = 'all';--> statement-breakpoint
CREATE INDEX "inbox_recipients_message_idx" ON "inbox_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_idx" ON "chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_one_open_per_player_idx" ON "chats" USING btree ("player_id") WHERE "chats"."status" = 'open';--> statement-breakpoint
CREATE INDEX "chats_player_idx" ON "chats" USING btree ("player_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chats_queue_idx" ON "chats" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "game_rounds_settled_idx" ON "game_rounds" USING btree ("settled_at") WHERE "game_rounds"."status" = 'settled';--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_categories_check" CHECK (category_ids <@ array[99, 1, 2, 4, 8, 32, 64, 128, 256, 1024, 8192, 512]::integer[]);