ALTER TABLE "contracts" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "onboarding_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_approved_ck" CHECK ("timesheets"."approved_at" is null or ("timesheets"."submitted_at" is not null and "timesheets"."is_locked"));--> statement-breakpoint
UPDATE "contracts" SET "sent_at" = "created_at" WHERE "status" IN ('sent', 'signed');--> statement-breakpoint
UPDATE "contracts" SET "onboarding_completed_at" = "updated_at", "started_at" = "updated_at" WHERE "stage" IN ('working', 'completed');--> statement-breakpoint
UPDATE "contracts" SET "ended_at" = "updated_at" WHERE "stage" = 'completed';--> statement-breakpoint
UPDATE "timesheets" SET "locked_at" = coalesce("submitted_at", now()) WHERE "is_locked";
