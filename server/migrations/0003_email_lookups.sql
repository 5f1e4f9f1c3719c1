CREATE UNIQUE INDEX "leads_newsletter_email_unique" ON "leads" USING btree (lower("email")) WHERE "leads"."kind" = 'newsletter';--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));