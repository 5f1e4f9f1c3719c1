CREATE TABLE "plan_addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_addons_price_check" CHECK ("plan_addons"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"addon_id" uuid,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_kind_check" CHECK ("order_lines"."kind" in ('plan', 'addon', 'custom')),
	CONSTRAINT "order_lines_amount_check" CHECK ("order_lines"."quantity" >= 1 and "order_lines"."unit_cents" >= 0 and "order_lines"."amount_cents" = "order_lines"."quantity" * "order_lines"."unit_cents")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "recurring_lines_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "plan_addons" ADD CONSTRAINT "plan_addons_plan_id_pricing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_addons_plan_position_idx" ON "plan_addons" USING btree ("plan_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_addons_plan_name_unique" ON "plan_addons" USING btree ("plan_id",lower("name"));