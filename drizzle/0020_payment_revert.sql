ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status_check";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_review_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_review_check";--> statement-breakpoint
DROP INDEX "deposits_method_trx_idx";--> statement-breakpoint
ALTER TABLE "general_settings" ADD COLUMN "resubmit_wait_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "resubmitted_from" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_resubmitted_from_deposits_id_fk" FOREIGN KEY ("resubmitted_from") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_resubmitted_from_idx" ON "deposits" USING btree ("resubmitted_from");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_method_trx_idx" ON "deposits" USING btree ("method_id",upper("trx_id")) WHERE "deposits"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "general_settings" ADD CONSTRAINT "general_settings_resubmit_wait_check" CHECK ("general_settings"."resubmit_wait_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_resubmit_check" CHECK ("deposits"."resubmitted_from" is null or "deposits"."resubmitted_from" < "deposits"."id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'approved', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_review_check" CHECK (("deposits"."status" in ('approved', 'rejected')) = ("deposits"."reviewed_at" is not null) and ("deposits"."status" = 'cancelled') = ("deposits"."cancelled_at" is not null) and ("deposits"."status" <> 'rejected' or "deposits"."reject_reason" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_review_check" CHECK (("withdrawals"."status" in ('approved', 'rejected')) = ("withdrawals"."reviewed_at" is not null) and ("withdrawals"."status" = 'cancelled') = ("withdrawals"."cancelled_at" is not null) and ("withdrawals"."status" <> 'rejected' or "withdrawals"."reject_reason" is not null) and ("withdrawals"."status" <> 'approved' or "withdrawals"."payout_reference" is not null));