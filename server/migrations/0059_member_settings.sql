CREATE TABLE "member_settings" (
	"member_id" text PRIMARY KEY NOT NULL,
	"weekly_minutes" integer,
	"hourly_rate_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_minutes_check" CHECK ("member_settings"."weekly_minutes" between 0 and 10080),
	CONSTRAINT "member_settings_rate_check" CHECK ("member_settings"."hourly_rate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "billed_document_id" uuid;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_billed_document_id_sales_documents_id_fk" FOREIGN KEY ("billed_document_id") REFERENCES "public"."sales_documents"("id") ON DELETE set null ON UPDATE no action;