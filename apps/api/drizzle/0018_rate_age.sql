ALTER TABLE "settings" ADD COLUMN "rate_max_age_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "rate_at" timestamp with time zone;