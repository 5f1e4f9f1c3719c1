ALTER TABLE "receipts" ADD COLUMN "refund_reason" text;--> statement-breakpoint
-- Credit notes issued before they showed their reason get it from their refund. Their
-- immutability trigger is off for this one backfill only: nothing they showed changes.
ALTER TABLE "receipts" DISABLE TRIGGER "receipts_immutable";--> statement-breakpoint
UPDATE "receipts" SET "refund_reason" = "payments"."refund_reason"
FROM "payments"
WHERE "payments"."id" = "receipts"."payment_id" AND "payments"."refund_of" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ENABLE TRIGGER "receipts_immutable";
