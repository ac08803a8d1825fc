CREATE TABLE "distribution_leaves" (
	"distribution_id" uuid NOT NULL,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"cumulative_base_units" numeric(78, 0) NOT NULL,
	"proof" jsonb NOT NULL,
	CONSTRAINT "distribution_leaves_distribution_id_address_pk" PRIMARY KEY("distribution_id","address")
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"distributor_address" text NOT NULL,
	"epoch" integer NOT NULL,
	"root" text NOT NULL,
	"total_base_units" numeric(78, 0) NOT NULL,
	"leaf_count" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"freeze_claims" boolean DEFAULT false NOT NULL,
	"funding_needed_base_units" numeric(78, 0) NOT NULL,
	"holds" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"built_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proposed_tx" text,
	"accepted_tx" text,
	"accepted_block" bigint,
	"mailed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_claims" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"distributor_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"address" text NOT NULL,
	"amount_base_units" numeric(78, 0) NOT NULL,
	"cumulative_claimed_base_units" numeric(78, 0) NOT NULL,
	"epoch" integer NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_claims_tx_hash_log_index_pk" PRIMARY KEY("tx_hash","log_index")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_wallet" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "distribution_leaves" ADD CONSTRAINT "distribution_leaves_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_leaves" ADD CONSTRAINT "distribution_leaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_built_by_users_id_fk" FOREIGN KEY ("built_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_leaves_user_idx" ON "distribution_leaves" USING btree ("user_id","distribution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributions_open_key" ON "distributions" USING btree ("distributor_address") WHERE "distributions"."status" in ('draft', 'proposed');--> statement-breakpoint
CREATE INDEX "distributions_distributor_created_idx" ON "distributions" USING btree ("distributor_address","created_at");--> statement-breakpoint
CREATE INDEX "token_claims_address_idx" ON "token_claims" USING btree ("address","block_number");