-- Every change to who is on the team, counted: a member added or removed, or a member's name,
-- e-mail, role, permissions or suspension changed. The work board reads the count beside its
-- cards and reads the team's members again only when it moved, rather than building them into
-- every board (docs/decisions/043-a-young-generation-of-4-mb.md).
CREATE FUNCTION "count_team_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_row_counts(ARRAY['team_changes'], ARRAY[1::bigint]);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_team_changes_insert" AFTER INSERT ON "user" FOR EACH ROW
	WHEN (NEW."role" IS NOT NULL) EXECUTE FUNCTION "count_team_changes"();--> statement-breakpoint
CREATE TRIGGER "user_team_changes_update" AFTER UPDATE ON "user" FOR EACH ROW
	WHEN ((OLD."role" IS NOT NULL OR NEW."role" IS NOT NULL)
		AND (OLD."name", OLD."email", OLD."role", OLD."permissions", OLD."suspended_at")
			IS DISTINCT FROM (NEW."name", NEW."email", NEW."role", NEW."permissions", NEW."suspended_at"))
	EXECUTE FUNCTION "count_team_changes"();--> statement-breakpoint
CREATE TRIGGER "user_team_changes_delete" AFTER DELETE ON "user" FOR EACH ROW
	WHEN (OLD."role" IS NOT NULL) EXECUTE FUNCTION "count_team_changes"();
