CREATE TABLE "identity_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"doc_type" text NOT NULL,
	"file" text NOT NULL,
	"mime" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_cursors" (
	"source" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT 'epoch'::timestamptz NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_identifiers" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"player_id" integer NOT NULL,
	"source" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_identifiers_kind_value_player_id_source_pk" PRIMARY KEY("kind","value","player_id","source")
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_play_ratio_hundredths" integer DEFAULT 30 NOT NULL,
	"cycling_count" integer DEFAULT 3 NOT NULL,
	"cycling_window_hours" integer DEFAULT 24 NOT NULL,
	"split_threshold" bigint DEFAULT 2000000 NOT NULL,
	"split_count" integer DEFAULT 3 NOT NULL,
	"loss_threshold" bigint DEFAULT 5000000 NOT NULL,
	"loss_window_hours" integer DEFAULT 24 NOT NULL,
	"shared_ip_accounts" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_settings_single_row" CHECK ("risk_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "risk_trx_variants" (
	"variant" text NOT NULL,
	"deposit_id" integer NOT NULL,
	CONSTRAINT "risk_trx_variants_variant_deposit_id_pk" PRIMARY KEY("variant","deposit_id")
);
--> statement-breakpoint
ALTER TABLE "general_settings" ADD COLUMN "required_verifications" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "exclusion_id" integer;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_identifiers" ADD CONSTRAINT "risk_identifiers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_documents_player_idx" ON "identity_documents" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "risk_trx_variants_deposit_idx" ON "risk_trx_variants" USING btree ("deposit_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_exclusion_id_player_exclusions_id_fk" FOREIGN KEY ("exclusion_id") REFERENCES "public"."player_exclusions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_exclusion_idx" ON "withdrawals" USING btree ("exclusion_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_created_idx" ON "game_rounds" USING btree ("player_id","created_at");