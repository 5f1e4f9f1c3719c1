ALTER TABLE "subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "subscriptions_canceled_at_idx" ON "subscriptions" USING btree ("canceled_at");