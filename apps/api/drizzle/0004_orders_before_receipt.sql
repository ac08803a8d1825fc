ALTER TABLE "settings" ADD COLUMN "delivery_statement" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_request_key" ON "purchases" USING btree ("user_id","request_id");--> statement-breakpoint
-- Requests made before this release came with their receipt: their "paid" step is their creation.
UPDATE "purchases" SET "receipt_at" = "created_at" WHERE "receipt_key" IS NOT NULL AND "payment_mode" = 0;
