DROP INDEX "orders_assignee_state_idx";--> statement-breakpoint
CREATE INDEX "orders_assignee_paid_idx" ON "orders" USING btree ("assignee_id","paid");