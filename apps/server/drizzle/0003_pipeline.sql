CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_num" text NOT NULL,
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"offer_id" integer,
	"document_master_id" integer DEFAULT 54 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"stage" text DEFAULT 'offer' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"terms" jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_pdf_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_contract_num_unique" UNIQUE("contract_num"),
	CONSTRAINT "contracts_offer_uq" UNIQUE("offer_id"),
	CONSTRAINT "contracts_status_ck" CHECK ("contracts"."status" in ('draft', 'sent', 'signed', 'void')),
	CONSTRAINT "contracts_stage_ck" CHECK ("contracts"."stage" in ('offer', 'onboarding', 'working', 'completed', 'cancelled')),
	CONSTRAINT "contracts_dates_ck" CHECK ("contracts"."end_date" >= "contracts"."start_date"),
	CONSTRAINT "contracts_signed_ck" CHECK (("contracts"."status" = 'signed') = ("contracts"."signed_at" is not null and "contracts"."signed_pdf_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'extended' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_submission_id_unique" UNIQUE("submission_id"),
	CONSTRAINT "offers_status_ck" CHECK ("offers"."status" in ('extended', 'accepted', 'declined', 'rescinded'))
);
--> statement-breakpoint
CREATE TABLE "shift_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"include_shift_times" boolean NOT NULL,
	"include_lunch" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"timesheet_id" integer NOT NULL,
	"shift_date" date NOT NULL,
	"shift_type_id" integer NOT NULL,
	"start_time" timestamp,
	"end_time" timestamp,
	"lunch" integer,
	"unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_lunch_ck" CHECK ("shifts"."lunch" is null or "shifts"."lunch" between 0 and 240),
	CONSTRAINT "shifts_times_ck" CHECK (("shifts"."start_time" is null) = ("shifts"."end_time" is null)),
	CONSTRAINT "shifts_order_ck" CHECK ("shifts"."end_time" is null or "shifts"."end_time" > "shifts"."start_time")
);
--> statement-breakpoint
CREATE TABLE "signature_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signature_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"document_master_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"sha256" text NOT NULL,
	CONSTRAINT "signature_audit_contract_doc_uq" UNIQUE("contract_id","document_master_id")
);
--> statement-breakpoint
CREATE TABLE "signed_trs_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signed_trs_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"signature_type_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	CONSTRAINT "signed_trs_documents_user_type_uq" UNIQUE("user_id","signature_type_id"),
	CONSTRAINT "signed_trs_documents_type_ck" CHECK ("signed_trs_documents"."signature_type_id" between 1 and 11)
);
--> statement-breakpoint
CREATE TABLE "timesheets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "timesheets_contract_start_uq" UNIQUE("contract_id","start_date"),
	CONSTRAINT "timesheets_dates_ck" CHECK ("timesheets"."end_date" >= "timesheets"."start_date")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_shift_type_id_shift_types_id_fk" FOREIGN KEY ("shift_type_id") REFERENCES "public"."shift_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit" ADD CONSTRAINT "signature_audit_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit" ADD CONSTRAINT "signature_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_trs_documents" ADD CONSTRAINT "signed_trs_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_user_idx" ON "contracts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "offers_user_idx" ON "offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shifts_timesheet_idx" ON "shifts" USING btree ("timesheet_id");--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_status_ck" CHECK ("submissions"."status" in ('submitted', 'offered', 'declined', 'withdrawn', 'closed'));--> statement-breakpoint
-- Reference data: shift types (apps/server/src/db/reference-data/shift-types.ts).
INSERT INTO "shift_types" ("id", "name", "include_shift_times", "include_lunch") VALUES
  (1, 'Regular', true, true),
  (2, 'On Call', true, false),
  (3, 'Call Back', true, false),
  (4, 'Orientation', true, true),
  (5, 'Charge', true, true),
  (6, 'Education', true, false),
  (7, 'Holiday', true, true),
  (8, 'Sick', false, false),
  (9, 'PTO', false, false),
  (10, 'Canceled by Facility', false, false)
ON CONFLICT ("id") DO NOTHING;
