-- The orders assigned to each member, and how many of them are paid, kept by the orders' count
-- trigger beside the table's own counts: a member who sees only their orders reads their counts
-- from two rows, however many orders they have.
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
			SELECT 'assigned:' || r.assignee_id AS name, count(*) AS delta FROM new_rows r WHERE r.assignee_id IS NOT NULL GROUP BY 1
			UNION ALL
			SELECT 'assigned_paid:' || r.assignee_id, count(*) FROM new_rows r WHERE r.assignee_id IS NOT NULL AND r.paid GROUP BY 1
		) c;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT 'assigned:' || r.assignee_id AS name, -count(*) AS delta FROM old_rows r WHERE r.assignee_id IS NOT NULL GROUP BY 1
			UNION ALL
			SELECT 'assigned_paid:' || r.assignee_id, -count(*) FROM old_rows r WHERE r.assignee_id IS NOT NULL AND r.paid GROUP BY 1
		) c;
	ELSE
		SELECT array_agg(c.name), array_agg(c.delta) INTO names, deltas FROM (
			SELECT d.name, sum(d.delta)::bigint AS delta FROM (
				SELECT 'assigned:' || r.assignee_id AS name, 1 AS delta FROM new_rows r WHERE r.assignee_id IS NOT NULL
				UNION ALL
				SELECT 'assigned_paid:' || r.assignee_id, 1 FROM new_rows r WHERE r.assignee_id IS NOT NULL AND r.paid
				UNION ALL
				SELECT 'assigned:' || r.assignee_id, -1 FROM old_rows r WHERE r.assignee_id IS NOT NULL
				UNION ALL
				SELECT 'assigned_paid:' || r.assignee_id, -1 FROM old_rows r WHERE r.assignee_id IS NOT NULL AND r.paid
			) d GROUP BY d.name
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
	SELECT 'assigned:' || "assignee_id" AS name, count(*) AS value FROM "orders" WHERE "assignee_id" IS NOT NULL GROUP BY 1
	UNION ALL
	SELECT 'assigned_paid:' || "assignee_id", count(*) FROM "orders" WHERE "assignee_id" IS NOT NULL AND "paid" GROUP BY 1
) u
ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
