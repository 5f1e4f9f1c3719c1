CREATE TABLE "row_counts" (
	"name" text NOT NULL,
	"slot" smallint NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "row_counts_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "leads_created_at_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_created_at_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
-- Adds what a statement inserted, minus what it deleted, to the counts named in its arguments:
-- pairs of (count name, condition on the row). Statement triggers see every changed row at once
-- (transition tables), so a bulk insert costs one update of each count, not one per row.
CREATE FUNCTION "count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	names text[] := '{}';
	counted text := '';
	added bigint[];
	removed bigint[];
BEGIN
	FOR i IN 0 .. TG_NARGS - 1 BY 2 LOOP
		names := names || TG_ARGV[i];
		counted := counted || CASE WHEN i > 0 THEN ', ' ELSE '' END
			|| format('count(*) FILTER (WHERE %s)', TG_ARGV[i + 1]);
	END LOOP;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		EXECUTE format('SELECT ARRAY[%s] FROM new_rows', counted) INTO added;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		EXECUTE format('SELECT ARRAY[%s] FROM old_rows', counted) INTO removed;
	END IF;
	-- Each connection adds to its own slot, so concurrent writers do not wait on one row.
	INSERT INTO "row_counts" AS c ("name", "slot", "value")
	SELECT n, pg_backend_pid() % 32, coalesce(a, 0) - coalesce(r, 0)
	FROM unnest(names, coalesce(added, '{}'), coalesce(removed, '{}')) AS u(n, a, r)
	WHERE coalesce(a, 0) <> coalesce(r, 0)
	ORDER BY n
	ON CONFLICT ("name", "slot") DO UPDATE SET "value" = c."value" + excluded."value";
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "forget_row_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "row_counts" WHERE "name" = ANY (TG_ARGV);
	RETURN NULL;
END;
$$;--> statement-breakpoint
LOCK TABLE "orders", "reviews", "user", "leads" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "row_counts" ("name", "slot", "value")
SELECT 'orders', 0, count(*) FROM "orders"
UNION ALL SELECT 'orders_paid', 0, count(*) FROM "orders" WHERE "paid"
UNION ALL SELECT 'users', 0, count(*) FROM "user"
UNION ALL SELECT 'reviews', 0, count(*) FROM "reviews"
UNION ALL SELECT 'reviews_public', 0, count(*) FROM "reviews" WHERE NOT "hidden"
UNION ALL SELECT 'leads_contact', 0, count(*) FROM "leads" WHERE "kind" = 'contact'
UNION ALL SELECT 'leads_query', 0, count(*) FROM "leads" WHERE "kind" = 'query'
UNION ALL SELECT 'leads_newsletter', 0, count(*) FROM "leads" WHERE "kind" = 'newsletter' AND "confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('orders', 'true', 'orders_paid', 'paid');--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('orders_paid', 'paid');--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('orders', 'true', 'orders_paid', 'paid');--> statement-breakpoint
CREATE TRIGGER "orders_counted_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts"('orders', 'orders_paid');--> statement-breakpoint
CREATE TRIGGER "user_counted_insert" AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('users', 'true');--> statement-breakpoint
CREATE TRIGGER "user_counted_delete" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('users', 'true');--> statement-breakpoint
CREATE TRIGGER "user_counted_truncate" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts"('users');--> statement-breakpoint
CREATE TRIGGER "reviews_counted_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('reviews', 'true', 'reviews_public', 'NOT hidden');--> statement-breakpoint
CREATE TRIGGER "reviews_counted_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('reviews_public', 'NOT hidden');--> statement-breakpoint
CREATE TRIGGER "reviews_counted_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('reviews', 'true', 'reviews_public', 'NOT hidden');--> statement-breakpoint
CREATE TRIGGER "reviews_counted_truncate" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts"('reviews', 'reviews_public');--> statement-breakpoint
CREATE TRIGGER "leads_counted_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('leads_contact', 'kind = ''contact''', 'leads_query', 'kind = ''query''', 'leads_newsletter', 'kind = ''newsletter'' AND confirmed_at IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "leads_counted_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('leads_contact', 'kind = ''contact''', 'leads_query', 'kind = ''query''', 'leads_newsletter', 'kind = ''newsletter'' AND confirmed_at IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "leads_counted_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_rows"('leads_contact', 'kind = ''contact''', 'leads_query', 'kind = ''query''', 'leads_newsletter', 'kind = ''newsletter'' AND confirmed_at IS NOT NULL');--> statement-breakpoint
CREATE TRIGGER "leads_counted_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts"('leads_contact', 'leads_query', 'leads_newsletter');
