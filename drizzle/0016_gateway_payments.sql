CREATE TABLE "gateway_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gateway_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"player_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"invoice" text NOT NULL,
	"gateway_payment_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"promotion_id" integer,
	"status" text DEFAULT 'initiated' NOT NULL,
	"failure_reason" text,
	"trx_id" text,
	"payer" text,
	"deposit_id" integer,
	"idempotency_key" text NOT NULL,
	"checked_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "gateway_payments_amount_check" CHECK ("gateway_payments"."amount" > 0),
	CONSTRAINT "gateway_payments_status_check" CHECK ("gateway_payments"."status" in ('initiated', 'completed', 'failed', 'cancelled', 'expired', 'refused', 'mismatch', 'refunded')),
	CONSTRAINT "gateway_payments_credit_check" CHECK (("gateway_payments"."status" in ('completed', 'refunded')) = ("gateway_payments"."deposit_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "simulated_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"invoice" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text,
	"status" text DEFAULT 'Initiated' NOT NULL,
	"payer" text,
	"trx_id" text,
	"reason" text,
	"refund_trx_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_type_check";--> statement-breakpoint
ALTER TABLE "turnover_requirements" DROP CONSTRAINT "turnover_requirements_status_check";--> statement-breakpoint
ALTER TABLE "turnover_requirements" DROP CONSTRAINT "turnover_requirements_completion_check";--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "wallet_number_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "proof_file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "proof_mime" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "general_settings" ADD COLUMN "payout_promise_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway_credentials" jsonb;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway_min" bigint DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway_max" bigint DEFAULT 2500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_invoice_idx" ON "gateway_payments" USING btree ("invoice");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_gateway_id_idx" ON "gateway_payments" USING btree ("gateway","gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_player_key_idx" ON "gateway_payments" USING btree ("player_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_deposit_idx" ON "gateway_payments" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "gateway_payments_open_idx" ON "gateway_payments" USING btree ("status","checked_at");--> statement-breakpoint
CREATE INDEX "gateway_payments_player_idx" ON "gateway_payments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_gateway_payments_invoice_idx" ON "simulated_gateway_payments" USING btree ("kind","invoice");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_manual_check" CHECK ("deposits"."channel_type" = 'Gateway' or ("deposits"."wallet_number_id" is not null and "deposits"."proof_file" is not null and "deposits"."proof_mime" is not null));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_type_check" CHECK ("deposits"."channel_type" in ('Agent', 'Personal', 'Gateway'));--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_gateway_check" CHECK ("payment_methods"."gateway" is null or "payment_methods"."gateway" in ('simulated', 'bkash'));--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_gateway_range_check" CHECK ("payment_methods"."gateway_min" > 0 and "payment_methods"."gateway_max" >= "payment_methods"."gateway_min");--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_status_check" CHECK ("turnover_requirements"."status" in ('active', 'complete', 'cancelled'));--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_completion_check" CHECK (("turnover_requirements"."status" = 'complete') = ("turnover_requirements"."completed_at" is not null) and ("turnover_requirements"."status" <> 'complete' or "turnover_requirements"."remaining" = 0));