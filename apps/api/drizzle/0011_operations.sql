ALTER TABLE "chain_watchers" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referral_clicks_day_idx" ON "referral_clicks" USING btree ("day");
