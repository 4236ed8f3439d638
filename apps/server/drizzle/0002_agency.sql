CREATE TABLE "agency_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "agency_api_keys_id_ck" CHECK ("agency_api_keys"."id" ~ '^[a-f0-9]{12}$'),
	CONSTRAINT "agency_api_keys_name_ck" CHECK (length("agency_api_keys"."name") between 1 and 100)
);
