CREATE TABLE "sales_signatures" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"signed_pdf" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_signatures" ADD CONSTRAINT "sales_signatures_document_id_sales_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sales_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_signatures" ADD CONSTRAINT "sales_signatures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A signature is kept as it was made: only its account link goes when the account does.
CREATE FUNCTION "sales_signatures_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR (to_jsonb(NEW) - 'user_id') <> (to_jsonb(OLD) - 'user_id') OR NEW."user_id" IS NOT NULL THEN
		RAISE EXCEPTION 'A signature is kept as it was made.';
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_signatures_kept" BEFORE UPDATE OR DELETE ON "sales_signatures"
	FOR EACH ROW EXECUTE FUNCTION "sales_signatures_kept"();
