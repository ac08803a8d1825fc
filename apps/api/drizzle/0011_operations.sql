ALTER TABLE "chain_watchers" ADD COLUMN "last_success_at" timestamp with time zone;
