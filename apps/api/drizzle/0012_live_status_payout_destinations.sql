CREATE INDEX IF NOT EXISTS "unmatched_payments_purchase_idx" ON "unmatched_payments" USING btree ("purchase_id");
