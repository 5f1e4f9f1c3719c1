ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "order_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sales_document_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "sales_document_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sales_document_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD COLUMN "for_order_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD COLUMN "starts_work" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sales_document_id_sales_documents_id_fk" FOREIGN KEY ("sales_document_id") REFERENCES "public"."sales_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_sales_document_id_sales_documents_id_fk" FOREIGN KEY ("sales_document_id") REFERENCES "public"."sales_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_for_order_id_orders_id_fk" FOREIGN KEY ("for_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_sales_document_idx" ON "payments" USING btree ("sales_document_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_something" CHECK ("payments"."order_id" is not null or "payments"."sales_document_id" is not null);