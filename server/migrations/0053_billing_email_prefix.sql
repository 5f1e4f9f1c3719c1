DROP INDEX "companies_billing_email_lower_idx";--> statement-breakpoint
CREATE INDEX "companies_billing_email_lower_idx" ON "companies" USING btree (lower("billing_email") text_pattern_ops);