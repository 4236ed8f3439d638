ALTER TABLE "signature_audit" ADD COLUMN "terms_sha256" text;--> statement-breakpoint
ALTER TABLE "signature_audit" ADD COLUMN "terms_confirmed" boolean DEFAULT false NOT NULL;