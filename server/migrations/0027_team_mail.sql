CREATE TABLE "team_mail_opt_outs" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_mail_opt_outs_user_id_topic_pk" PRIMARY KEY("user_id","topic"),
	CONSTRAINT "team_mail_opt_outs_topic_check" CHECK ("team_mail_opt_outs"."topic" in ('order-messages', 'order-assigned'))
);
--> statement-breakpoint
ALTER TABLE "team_mail_opt_outs" ADD CONSTRAINT "team_mail_opt_outs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;