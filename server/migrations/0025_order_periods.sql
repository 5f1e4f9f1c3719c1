CREATE TABLE "order_periods" (
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"brief" jsonb,
	"brief_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_periods_order_id_number_pk" PRIMARY KEY("order_id","number"),
	CONSTRAINT "order_periods_number_check" CHECK ("order_periods"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "period" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "period" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "period" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_periods" ADD CONSTRAINT "order_periods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every order paid so far is in its first period: the purchase, with the brief as answered then.
INSERT INTO "order_periods" ("order_id", "number", "started_at", "opened_at", "brief", "brief_confirmed_at")
SELECT o."id", 1, coalesce(o."payment_time", o."created_at"), coalesce(o."payment_time", o."created_at"),
  b."answers", b."submitted_at"
FROM "orders" o
LEFT JOIN "order_briefs" b ON b."order_id" = o."id"
WHERE o."paid";
