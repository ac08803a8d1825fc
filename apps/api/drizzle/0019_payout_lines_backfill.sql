-- Batches made before payout lines existed: copy each affiliate's destination as it stands now
-- (what their transfer file showed until today). Affiliates without one stay held.
INSERT INTO "payout_lines" ("payout_id", "affiliate_id", "kind", "account_name", "bsb", "account_number", "wallet_address", "destination_updated_at")
SELECT DISTINCT e."payout_id", e."affiliate_id", d."kind", d."account_name", d."bsb", d."account_number", d."wallet_address", d."updated_at"
FROM "affiliate_earnings" e
JOIN "payout_destinations" d ON d."user_id" = e."affiliate_id"
WHERE e."payout_id" IS NOT NULL
ON CONFLICT DO NOTHING;
