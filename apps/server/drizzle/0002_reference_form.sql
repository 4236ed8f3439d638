CREATE TABLE "reference_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reference_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"history_type_id" integer NOT NULL,
	"hcp_name" text NOT NULL,
	"hcp_discipline" text NOT NULL,
	"hcp_specialty" text NOT NULL,
	"was_charge" boolean NOT NULL,
	"emr_worked" text NOT NULL,
	"safe_care_level" integer NOT NULL,
	"dependable_level" integer NOT NULL,
	"professional_level" integer NOT NULL,
	"cooperative_level" integer NOT NULL,
	"communicator_level" integer NOT NULL,
	"attendance_level" integer NOT NULL,
	"asset_level" integer NOT NULL,
	"comments" text,
	"supervisor_name" text NOT NULL,
	"supervisor_title" text NOT NULL,
	"facility_name" text NOT NULL,
	"reference_date" date NOT NULL,
	"city_state" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_answers_type_ck" CHECK ("reference_answers"."history_type_id" in (1, 2, 3, 4)),
	CONSTRAINT "reference_answers_levels_ck" CHECK ("reference_answers"."safe_care_level" between 1 and 4 and "reference_answers"."dependable_level" between 1 and 4 and "reference_answers"."professional_level" between 1 and 4 and "reference_answers"."cooperative_level" between 1 and 4 and "reference_answers"."communicator_level" between 1 and 4 and "reference_answers"."attendance_level" between 1 and 4 and "reference_answers"."asset_level" between 1 and 4),
	CONSTRAINT "reference_answers_dates_ck" CHECK ("reference_answers"."end_date" is null or "reference_answers"."start_date" is null or "reference_answers"."end_date" >= "reference_answers"."start_date")
);
--> statement-breakpoint
CREATE TABLE "reference_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reference_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference_id" integer NOT NULL,
	"guid_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "reference_requests_expiry_ck" CHECK ("reference_requests"."expires_at" > "reference_requests"."created_at"),
	CONSTRAINT "reference_requests_answered_ck" CHECK ("reference_requests"."answered_at" is null or "reference_requests"."revoked_at" is null)
);
--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_request_id_reference_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."reference_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_answers" ADD CONSTRAINT "reference_answers_reference_id_hcp_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."hcp_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_requests" ADD CONSTRAINT "reference_requests_reference_id_hcp_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."hcp_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_answers_request_uq" ON "reference_answers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "reference_answers_reference_idx" ON "reference_answers" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_requests_guid_uq" ON "reference_requests" USING btree ("guid_hash");--> statement-breakpoint
CREATE INDEX "reference_requests_reference_idx" ON "reference_requests" USING btree ("reference_id");