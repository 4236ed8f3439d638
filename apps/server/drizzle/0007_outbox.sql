CREATE TABLE "outbox_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"order_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_deliveries_kind_ck" CHECK ("outbox_deliveries"."kind" in ('mail','webhook')),
	CONSTRAINT "outbox_deliveries_status_ck" CHECK ("outbox_deliveries"."status" in ('pending','sent','dead'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_deliveries_idempotency_uq" ON "outbox_deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_deliveries_due_idx" ON "outbox_deliveries" USING btree ("next_attempt_at") WHERE "outbox_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_deliveries_order_idx" ON "outbox_deliveries" USING btree ("order_key","id") WHERE "outbox_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_deliveries_status_idx" ON "outbox_deliveries" USING btree ("status","kind","id");