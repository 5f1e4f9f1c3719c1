CREATE INDEX "leads_email_lower_prefix_idx" ON "leads" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_name_lower_prefix_idx" ON "leads" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_name_words_idx" ON "leads" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "orders_name_words_idx" ON "orders" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "orders_plan_created_at_id_idx" ON "orders" USING btree ("plan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_state_plan_created_at_id_idx" ON "orders" USING btree ("state","plan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_created_at_id_idx" ON "orders" USING btree ("paid","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_hidden_created_at_id_idx" ON "reviews" USING btree ("hidden","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_email_lower_prefix_idx" ON "reviews" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reviews_name_lower_prefix_idx" ON "reviews" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "reviews_name_words_idx" ON "reviews" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "user_email_lower_prefix_idx" ON "user" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_name_lower_prefix_idx" ON "user" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "user_name_words_idx" ON "user" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "user_role_created_at_id_idx" ON "user" USING btree ("role","created_at","id");