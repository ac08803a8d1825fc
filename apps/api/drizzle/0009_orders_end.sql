ALTER TABLE "settings" ADD COLUMN "quote_grace_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bank_payment_window_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
-- Bank orders placed before this release get their window too: those still waiting for a receipt
-- from now on, so no buyer loses an order the moment this release starts.
UPDATE "purchases" SET "payment_due_at" = CASE
	WHEN "status" = 0 AND "receipt_key" IS NULL THEN greatest("created_at", now()) + interval '72 hours'
	ELSE "created_at" + interval '72 hours'
END
WHERE "payment_mode" = 0;--> statement-breakpoint
CREATE INDEX "purchases_bank_due_idx" ON "purchases" USING btree ("payment_due_at") WHERE "purchases"."status" = 0 and "purchases"."payment_mode" = 0 and "purchases"."receipt_key" is null;--> statement-breakpoint
CREATE INDEX "purchases_user_open_bank_idx" ON "purchases" USING btree ("user_id") WHERE "purchases"."status" = 0 and "purchases"."payment_mode" = 0 and "purchases"."receipt_key" is null;--> statement-breakpoint
CREATE INDEX "transactions_open_quote_expiry_idx" ON "transactions" USING btree ("quote_expires_at") WHERE "transactions"."payment_status" = 0 and "transactions"."payment_mode" = 1;
