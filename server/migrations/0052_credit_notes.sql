-- Credit notes get their own gap-free series per year (CN-2026-0001), name the receipt they give
-- money back of, and say which kind of document they are. Written to run whether or not an
-- earlier migration already made any of these changes.
CREATE TABLE IF NOT EXISTS "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'receipt' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN IF NOT EXISTS "credits_receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN IF NOT EXISTS "credits_number" text;--> statement-breakpoint
-- Each series counts its own year: receipts (with the credit notes numbered among them before), and
-- credit notes.
DROP INDEX IF EXISTS "receipts_year_sequence_unique";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "receipts_year_sequence_unique" ON "receipts" USING btree ("year","sequence") WHERE "receipts"."number" LIKE 'R-%';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "credit_notes_year_sequence_unique" ON "receipts" USING btree ("year","sequence") WHERE "receipts"."number" LIKE 'CN-%';--> statement-breakpoint
-- Credit notes issued before keep their R- number and everything they printed; they learn their
-- kind and the receipt they credit, from their refund. Their immutability trigger is off for this
-- one backfill only.
ALTER TABLE "receipts" DISABLE TRIGGER "receipts_immutable";--> statement-breakpoint
UPDATE "receipts" SET "kind" = 'credit_note', "credits_receipt_id" = "paid"."id", "credits_number" = "paid"."number"
FROM "payments"
LEFT JOIN "receipts" AS "paid" ON "paid"."payment_id" = "payments"."refund_of"
WHERE "payments"."id" = "receipts"."payment_id" AND "payments"."refund_of" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ENABLE TRIGGER "receipts_immutable";
