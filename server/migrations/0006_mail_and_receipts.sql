CREATE TABLE "mail_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" integer NOT NULL,
	"user_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"service" text NOT NULL,
	"service_duration" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "card_brand" text;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_unique" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_sequence_unique" ON "receipts" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");--> statement-breakpoint
CREATE FUNCTION "receipts_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'receipts are immutable once issued';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "receipts_immutable" BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "receipts_immutable"();
