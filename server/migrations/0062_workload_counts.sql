-- Each member's open orders (submitted, in progress or delivered), and how many of them have a
-- due date, kept by the orders' count trigger beside the assigned counts of 0031: the Workload page
-- reads them from a few rows a member, however many orders there are. What is overdue is the open
-- orders with a due date less those due from now on, which the index below reads by due date.
CREATE INDEX "orders_open_due_idx" ON "orders" USING btree ("due_at","assignee_id","plan_id") WHERE "orders"."state" in ('submitted', 'in_progress', 'delivered') and "orders"."assignee_id" is not null;--> statement-breakpoint
-- The counts an order is in, for its assignee: assigned, assigned and paid, open, open with a due date.
CREATE FUNCTION "order_assignee_counts"(assignee text, paid boolean, state text, due timestamptz)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN assignee IS NULL THEN ARRAY[]::text[] ELSE array_remove(ARRAY[
		'assigned:' || assignee,
		CASE WHEN paid THEN 'assigned_paid:' || assignee END,
		CASE WHEN state IN ('submitted', 'in_progress', 'delivered') THEN 'open:' || assignee END,
		CASE WHEN state IN ('submitted', 'in_progress', 'delivered') AND due IS NOT NULL THEN 'open_due:' || assignee END
	], NULL) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_all bigint := 0;
	d_paid bigint := 0;
	names text[];
	deltas bigint[];
BEGIN
	IF TG_OP <> 'DELETE' THEN
		SELECT count(*), count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM new_rows r;
	END IF;
	IF TG_OP <> 'INSERT' THEN
		SELECT d_all - count(*), d_paid - count(*) FILTER (WHERE r.paid) INTO d_all, d_paid FROM old_rows r;
	END IF;
	PERFORM add_row_counts(ARRAY['orders', 'orders_paid'], ARRAY[d_all, d_paid]);
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT n.name, count(*) AS delta
			FROM new_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at)) AS n(name)
			GROUP BY n.name
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT n.name, -count(*) AS delta
			FROM old_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at)) AS n(name)
			GROUP BY n.name
		) c;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT n.name, 1 AS delta
				FROM new_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at)) AS n(name)
				UNION ALL
				SELECT n.name, -1
				FROM old_rows r, unnest(order_assignee_counts(r.assignee_id, r.paid, r.state, r.due_at)) AS n(name)
			) d GROUP BY d.name HAVING sum(d.delta) <> 0
		) c;
	END IF;
	IF names IS NOT NULL THEN
		PERFORM add_row_counts(names, deltas);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "row_counts" AS c ("name", "slot", "value")
SELECT u.name, 0, u.value FROM (
	SELECT 'open:' || "assignee_id" AS name, count(*) AS value FROM "orders"
	WHERE "assignee_id" IS NOT NULL AND "state" IN ('submitted', 'in_progress', 'delivered') GROUP BY 1
	UNION ALL
	SELECT 'open_due:' || "assignee_id", count(*) FROM "orders"
	WHERE "assignee_id" IS NOT NULL AND "state" IN ('submitted', 'in_progress', 'delivered') AND "due_at" IS NOT NULL GROUP BY 1
) u
ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
