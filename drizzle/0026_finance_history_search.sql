CREATE INDEX "players_username_prefix_idx" ON "players" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_phone_prefix_idx" ON "players" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "adjustments_created_idx" ON "adjustments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_trx_prefix_idx" ON "deposits" USING btree (upper("trx_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "deposits_sender_prefix_idx" ON "deposits" USING btree ("sender_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_prefix_idx" ON "withdrawals" USING btree (upper("payout_reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "withdrawals_account_prefix_idx" ON "withdrawals" USING btree ("account_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "aml_signals_created_idx" ON "aml_signals" USING btree ("created_at","id");