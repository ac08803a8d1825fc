-- Orders accepted before accepted_at was kept: an accepted order's review is its acceptance.
UPDATE "purchases" SET "accepted_at" = "reviewed_at" WHERE "status" = 1 AND "accepted_at" IS NULL;--> statement-breakpoint
-- A reverted order's review is its revert: its acceptance is the last audited change to Accepted
-- before it (an order credited by a payment has no such row and is dated by its creation).
UPDATE "purchases" p SET "accepted_at" = coalesce(
  (SELECT max(a."created_at") FROM "audit_log" a
    WHERE a."entity" = 'purchase' AND a."entity_id" = p."id"::text
      AND a."after"->>'status' = '1'),
  p."created_at")
WHERE p."status" = 4 AND p."accepted_at" IS NULL;
