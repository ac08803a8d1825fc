CREATE TABLE "identity_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"document_key" text NOT NULL,
	"document_type" text NOT NULL,
	"second_document_key" text NOT NULL,
	"second_document_type" text NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_reviews_state" CHECK ("identity_reviews"."state" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
DROP INDEX "files_unclaimed_created_idx";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "kyc_limit_aud" numeric(20, 2) DEFAULT '10000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "kyc_verified_limit_aud" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "identity_review_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_reviews" ADD CONSTRAINT "identity_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_reviews_one_pending_key" ON "identity_reviews" USING btree ("user_id") WHERE "identity_reviews"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_reviews_user_created_idx" ON "identity_reviews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_reviews_state_created_idx" ON "identity_reviews" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "identity_reviews_created_idx" ON "identity_reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_user_limit_idx" ON "purchases" USING btree ("user_id","created_at","investment_amount") WHERE "purchases"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "files_unclaimed_created_idx" ON "files" USING btree ("created_at") WHERE "files"."purchase_id" is null and "files"."identity_review_id" is null;