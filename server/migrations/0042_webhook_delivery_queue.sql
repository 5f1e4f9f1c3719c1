-- A delivery waiting for its attempt was a job of its own; the delivery worker now takes it from
-- this table. One that was retried keeps the start of its day (its job carried it), and its jobs go.
UPDATE "webhook_deliveries" SET "first_attempt_at" = coalesce((
  SELECT ("jobs"."payload"->>'firstAttemptAt')::timestamptz FROM "jobs"
  WHERE "jobs"."kind" = 'webhook.deliver' AND "jobs"."payload"->>'deliveryId' = "webhook_deliveries"."id"::text
    AND "jobs"."payload" ? 'firstAttemptAt'
  ORDER BY "jobs"."created_at" DESC LIMIT 1
), "webhook_deliveries"."last_attempt_at")
WHERE "webhook_deliveries"."status" = 'pending' AND "webhook_deliveries"."attempts" > 0;--> statement-breakpoint
DELETE FROM "jobs" WHERE "kind" = 'webhook.deliver';--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "parked";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "has_waiter";