-- The Overview (docs/decisions/019): revenue by month and by plan, and orders bought by plan, read
-- the index entries of twelve months instead of the tables; the newest payment tells whether the
-- figures a process keeps are still current.
CREATE INDEX "orders_payment_time_plan_idx" ON "orders" USING btree ("payment_time","plan_id");--> statement-breakpoint
CREATE INDEX "payments_payment_time_idx" ON "payments" USING btree ("payment_time","amount_cents","order_id");--> statement-breakpoint
CREATE INDEX "payments_created_at_id_idx" ON "payments" USING btree ("created_at","id");