CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"minutes" integer,
	"note" text DEFAULT '' NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_minutes_check" CHECK (("time_entries"."minutes" is null and "time_entries"."ended_at" is null and "time_entries"."started_at" is not null) or ("time_entries"."minutes" between 1 and 1440))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_running_unique" ON "time_entries" USING btree ("member_id") WHERE "time_entries"."started_at" is not null and "time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_order_day_idx" ON "time_entries" USING btree ("order_id","day");--> statement-breakpoint
CREATE INDEX "time_entries_member_day_idx" ON "time_entries" USING btree ("member_id","day");