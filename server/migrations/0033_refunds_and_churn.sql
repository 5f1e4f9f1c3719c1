CREATE TABLE "renewal_failures" (
	"subscription_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_failures_subscription_id_period_number_pk" PRIMARY KEY("subscription_id","period_number")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "renewal_failures" ADD CONSTRAINT "renewal_failures_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_failures_failed_at_idx" ON "renewal_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "subscriptions_anchor_at_idx" ON "subscriptions" USING btree ("anchor_at");--> statement-breakpoint
CREATE INDEX "subscriptions_ended_at_idx" ON "subscriptions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "subscriptions_past_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" = 'past_due';--> statement-breakpoint
-- A subscription past due now failed its renewal when the renewal fell due, at its period's end.
INSERT INTO "renewal_failures" ("subscription_id", "period_number", "failed_at")
SELECT "id", "period_number", "current_period_end" FROM "subscriptions" WHERE "status" = 'past_due'
ON CONFLICT DO NOTHING;
