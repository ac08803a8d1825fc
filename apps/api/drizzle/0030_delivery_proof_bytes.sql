ALTER TABLE "distribution_leaves" DROP CONSTRAINT "distribution_leaves_user_id_users_id_fk";--> statement-breakpoint
-- Proofs as bytes (32 a node): half the size of their hex, and nothing for the database to parse.
ALTER TABLE "distribution_leaves" ADD COLUMN "proof_bytes" bytea;--> statement-breakpoint
UPDATE "distribution_leaves" SET "proof_bytes" = decode(coalesce((
  select string_agg(substr(node, 3), '' order by at)
  from jsonb_array_elements_text("proof") with ordinality as nodes(node, at)), ''), 'hex');--> statement-breakpoint
ALTER TABLE "distribution_leaves" DROP COLUMN "proof";--> statement-breakpoint
ALTER TABLE "distribution_leaves" RENAME COLUMN "proof_bytes" TO "proof";--> statement-breakpoint
ALTER TABLE "distribution_leaves" ALTER COLUMN "proof" SET NOT NULL;
--> statement-breakpoint
-- A diff's rows are read from the leaves when staff open a distribution.
UPDATE "distributions" SET "diff" = "diff" - 'rows';
