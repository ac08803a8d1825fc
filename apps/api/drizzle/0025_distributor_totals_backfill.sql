-- Claims the reader stored before distributor_totals existed.
INSERT INTO "distributor_totals" ("distributor_address", "claimed_base_units", "claims")
SELECT "distributor_address", sum("amount_base_units"), count(*)::int
FROM "token_claims"
GROUP BY "distributor_address"
ON CONFLICT ("distributor_address") DO NOTHING;
