CREATE TABLE "report_adjustments_daily" (
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_adjustments_daily_day_direction_pk" PRIMARY KEY("day","direction"),
	CONSTRAINT "report_adjustments_daily_direction_check" CHECK ("report_adjustments_daily"."direction" in ('credit', 'debit'))
);
--> statement-breakpoint
-- Days the job already closed get their adjustments here (the job refolds only open days): by Dhaka day, as the job's source counts them.
INSERT INTO "report_adjustments_daily" ("day", "direction", "count", "amount")
SELECT (t."created_at" AT TIME ZONE 'Asia/Dhaka')::date, CASE WHEN da."code" = 'house:adjustments' THEN 'credit' ELSE 'debit' END, count(*)::int, sum(t."amount")::bigint
FROM "ledger_transfers" t
JOIN "ledger_accounts" da ON da."id" = t."debit_account_id"
JOIN "ledger_accounts" ca ON ca."id" = t."credit_account_id"
WHERE t."phase" IN ('single', 'post_pending') AND (da."code" = 'house:adjustments' OR ca."code" = 'house:adjustments')
GROUP BY 1, 2;
