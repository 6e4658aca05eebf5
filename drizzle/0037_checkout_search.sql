CREATE INDEX "gateway_payments_created_idx" ON "gateway_payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gateway_payments_invoice_prefix_idx" ON "gateway_payments" USING btree (upper("invoice") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gateway_payments_gateway_id_prefix_idx" ON "gateway_payments" USING btree (upper("gateway_payment_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gateway_payments_trx_prefix_idx" ON "gateway_payments" USING btree (upper("trx_id") text_pattern_ops);