DROP INDEX "order_events_completed_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_board_completed_idx" ON "orders" USING btree ("completed_at","number") WHERE "orders"."state" = 'complete';--> statement-breakpoint
CREATE INDEX "orders_board_assignee_completed_idx" ON "orders" USING btree ("assignee_id","completed_at","number") WHERE "orders"."state" = 'complete';--> statement-breakpoint
CREATE INDEX "orders_board_plan_completed_idx" ON "orders" USING btree ("plan_id","completed_at","number") WHERE "orders"."state" = 'complete';--> statement-breakpoint
-- A complete order's completion: its latest move to complete.
UPDATE "orders" SET "completed_at" = (SELECT max("created_at") FROM "order_events" WHERE "order_events"."order_id" = "orders"."id" AND "order_events"."to_state" = 'complete') WHERE "state" = 'complete';
