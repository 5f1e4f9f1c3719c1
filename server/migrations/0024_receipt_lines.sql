ALTER TABLE "receipts" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "promo_code" text;--> statement-breakpoint
-- Receipts issued before these lines existed get them from what was recorded with their payment
-- and order. Their immutability trigger is off for this one backfill only: nothing they showed
-- changes, they only gain the lines they left out.
ALTER TABLE "receipts" DISABLE TRIGGER "receipts_immutable";--> statement-breakpoint
UPDATE "receipts" SET "period_start" = "payments"."period_start", "period_end" = "payments"."period_end"
FROM "payments"
WHERE "payments"."id" = "receipts"."payment_id" AND "payments"."refund_of" IS NULL;--> statement-breakpoint
-- An order's first payment paid its discounted price: the plan's price and the code come from the order.
UPDATE "receipts" SET
	"list_price_cents" = COALESCE("orders"."list_price_cents", "receipts"."amount_cents"),
	"discount_cents" = "orders"."discount_cents",
	"promo_code" = "orders"."promo_code"
FROM "orders"
WHERE "orders"."id" = "receipts"."order_id"
	AND "orders"."transaction_id" = "receipts"."transaction_id"
	AND "orders"."discount_cents" > 0
	AND "orders"."list_price_cents" - "orders"."discount_cents" = "receipts"."amount_cents";--> statement-breakpoint
-- Anything else (renewals, one-off payments without a code, credit notes) was charged at its full price.
UPDATE "receipts" SET "list_price_cents" = "amount_cents" WHERE "list_price_cents" IS NULL;--> statement-breakpoint
ALTER TABLE "receipts" ENABLE TRIGGER "receipts_immutable";--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "list_price_cents" SET NOT NULL;
