-- Uses of promo codes counted per connection beside the code's row, so orders placed at once with one
-- code do not queue on that row (see the promo module's usesOf).
CREATE TABLE "promo_code_uses" (
	"promo_code_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "promo_code_uses_promo_code_id_slot_pk" PRIMARY KEY("promo_code_id","slot")
);
--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;