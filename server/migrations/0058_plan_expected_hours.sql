ALTER TABLE "pricing_plans" ADD COLUMN "expected_minutes" integer;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD COLUMN "hours_to_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_expected_minutes_check" CHECK ("pricing_plans"."expected_minutes" is null or "pricing_plans"."expected_minutes" between 1 and 600000);