CREATE TABLE "audit_head" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "audit_head_one_row_check" CHECK ("audit_head"."only")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_label" text,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_actor_type_check" CHECK ("audit_log"."actor_type" in ('admin', 'customer', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_id_idx" ON "audit_log" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
-- The chain starts from a fixed genesis hash (64 zeros) at row 0; see modules/audit/chain.ts.
INSERT INTO "audit_head" ("only", "last_id", "last_hash") VALUES (true, 0, repeat('0', 64));--> statement-breakpoint
-- Append-only, like receipts (0006): rows are never changed or removed. A person who switches the
-- triggers off to do it anyway breaks the hash chain, which `npm run audit:verify` reports.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the audit log is append-only: its rows cannot be changed or removed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- A row joins the end of the chain only: the next id after the head, chained from the head's hash.
CREATE FUNCTION "audit_log_appends_to_head"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	head record;
BEGIN
	SELECT "last_id", "last_hash" INTO head FROM "audit_head";
	IF NEW."id" <> head."last_id" + 1 OR NEW."prev_hash" <> head."last_hash" THEN
		RAISE EXCEPTION 'an audit row must follow the last one (row %, chained from its hash)', head."last_id";
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_appends_to_head" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_appends_to_head"();--> statement-breakpoint
-- The head moves one row forward, onto a row that exists with that hash; it is never removed.
CREATE FUNCTION "audit_head_moves_forward"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND NEW."only" = OLD."only"
		AND NEW."last_id" = OLD."last_id" + 1
		AND EXISTS (SELECT 1 FROM "audit_log" WHERE "id" = NEW."last_id" AND "hash" = NEW."last_hash")
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'the audit log''s head only moves forward onto the row just appended';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_head_moves_forward" BEFORE UPDATE OR DELETE ON "audit_head" FOR EACH ROW EXECUTE FUNCTION "audit_head_moves_forward"();--> statement-breakpoint
CREATE TRIGGER "audit_head_no_truncate" BEFORE TRUNCATE ON "audit_head" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
