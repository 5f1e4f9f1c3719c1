CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"period_number" integer DEFAULT 0 NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"payment_method_id" text,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'canceled', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "test_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"declines_later_charges" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_user_plan_unique";--> statement-breakpoint
DROP INDEX "payments_order_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_pricing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_methods" ADD CONSTRAINT "test_payment_methods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_unique" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_unique" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_plan_held_unique" ON "orders" USING btree ("user_id","plan_id") WHERE "orders"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subscription_period_unique" ON "payments" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
-- Plans bought before renewals existed were paid once: they run to the end of the period paid for
-- and then end (no card is charged without the customer resuming them).
INSERT INTO "subscriptions" ("order_id", "user_id", "plan_id", "interval", "status", "cancel_at_period_end", "anchor_at", "current_period_start", "current_period_end", "provider")
SELECT o."id", o."user_id", o."plan_id", o."service_duration", 'canceled', true, p."payment_time", p."payment_time",
	p."payment_time" + CASE WHEN o."service_duration" = 'yearly' THEN interval '1 year' ELSE interval '1 month' END,
	p."provider"
FROM "orders" o JOIN "payments" p ON p."order_id" = o."id"
WHERE o."paid" AND o."service_duration" IN ('monthly', 'yearly');--> statement-breakpoint
UPDATE "payments" p SET "subscription_id" = s."id", "period_start" = s."current_period_start", "period_end" = s."current_period_end"
FROM "subscriptions" s WHERE s."order_id" = p."order_id";--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "key", "run_at")
SELECT 'subscription.renew', jsonb_build_object('subscriptionId', s."id", 'periodNumber', 0, 'attempt', 0),
	'subscription.renew:' || s."id" || ':0:0', s."current_period_end"
FROM "subscriptions" s;
