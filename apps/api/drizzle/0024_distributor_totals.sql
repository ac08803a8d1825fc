CREATE TABLE "distributor_totals" (
	"distributor_address" text PRIMARY KEY NOT NULL,
	"claimed_base_units" numeric(78, 0) NOT NULL,
	"claims" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
