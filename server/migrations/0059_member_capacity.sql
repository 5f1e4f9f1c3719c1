CREATE TABLE "member_capacity" (
	"member_id" text PRIMARY KEY NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_capacity_minutes_check" CHECK ("member_capacity"."weekly_minutes" between 0 and 10080)
);
--> statement-breakpoint
ALTER TABLE "member_capacity" ADD CONSTRAINT "member_capacity_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;