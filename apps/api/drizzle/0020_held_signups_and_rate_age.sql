ALTER TABLE "settings" ADD COLUMN "rate_max_age_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "rate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pending_signups" DROP COLUMN "code_hash";