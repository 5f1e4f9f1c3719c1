CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"plan_id" uuid,
	"applies_to" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_applies_to_check" CHECK ("promo_codes"."applies_to" in ('first', 'every')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" = 'fixed' or "promo_codes"."value" <= 100)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "feature_included" jsonb;--> statement-breakpoint
-- SPEC §2 Pricing, the rule the cards followed until now: the fourth feature is ticked only on
-- Premium, the third is crossed on Standard.
UPDATE "pricing_plans" SET "feature_included" = jsonb_build_array(true, true, "service" <> 'Standard', "service" = 'Premium');--> statement-breakpoint
ALTER TABLE "pricing_plans" ALTER COLUMN "feature_included" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "price_cents" integer;--> statement-breakpoint
-- Until now a renewal charged the plan's current price: existing subscriptions keep doing so.
UPDATE "subscriptions" SET "price_cents" = "pricing_plans"."new_price_cents" FROM "pricing_plans" WHERE "pricing_plans"."id" = "subscriptions"."plan_id";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_percent_off" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_plan_id_pricing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;