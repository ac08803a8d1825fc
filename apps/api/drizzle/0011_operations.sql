ALTER TABLE "chain_watchers" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referral_clicks_day_idx" ON "referral_clicks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "files_unclaimed_created_idx" ON "files" USING btree ("created_at") WHERE "files"."purchase_id" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."sent_at" is not null;
