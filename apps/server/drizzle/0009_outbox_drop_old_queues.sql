DROP TABLE "webhook_deliveries" CASCADE;--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "error";