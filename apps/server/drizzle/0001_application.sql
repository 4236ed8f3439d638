CREATE TABLE "background_answers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"is_us_citizen" boolean,
	"is_authorized_to_work_in_us" boolean,
	"has_military_service" boolean,
	"military_start_date" date,
	"military_end_date" date,
	"is_california_resident" boolean,
	"liability_action" boolean,
	"license_suspended" boolean,
	"can_perform_traveler_tasks" boolean,
	"convicted" boolean,
	"has_had_misconduct_activity" boolean,
	"is_bilingual" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_military_dates_ck" CHECK ("background_answers"."military_end_date" is null or "background_answers"."military_start_date" is null or "background_answers"."military_end_date" >= "background_answers"."military_start_date")
);
--> statement-breakpoint
CREATE TABLE "employment_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employment_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"employment_type_id" integer NOT NULL,
	"facility_name" text,
	"city" text,
	"state_id" integer,
	"start_month" integer NOT NULL,
	"start_year" integer NOT NULL,
	"end_month" integer,
	"end_year" integer,
	"profession_id" integer,
	"agency_name" text,
	"is_charge" boolean,
	"units_floated" text,
	"shift_per_month" text,
	"specialty_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"emr_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employment_months_ck" CHECK ("employment_histories"."start_month" between 1 and 12 and ("employment_histories"."end_month" is null or "employment_histories"."end_month" between 1 and 12)),
	CONSTRAINT "employment_end_ck" CHECK (("employment_histories"."end_month" is null) = ("employment_histories"."end_year" is null)),
	CONSTRAINT "employment_order_ck" CHECK ("employment_histories"."end_year" is null or "employment_histories"."end_year" * 12 + "employment_histories"."end_month" >= "employment_histories"."start_year" * 12 + "employment_histories"."start_month")
);
--> statement-breakpoint
CREATE TABLE "hcp_certifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hcp_certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"certification_type_id" integer NOT NULL,
	"expiration_date" date,
	"completion_date" date,
	"issued_by" text,
	"created_order" integer NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"file_key" text,
	"file_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hcp_degrees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hcp_degrees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"degree_type_id" integer NOT NULL,
	"degree_field_id" integer NOT NULL,
	"school" text NOT NULL,
	"location" text NOT NULL,
	"degree_month" integer NOT NULL,
	"degree_year" integer NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hcp_degrees_month_ck" CHECK ("hcp_degrees"."degree_month" between 1 and 12),
	CONSTRAINT "hcp_degrees_year_ck" CHECK ("hcp_degrees"."degree_year" >= 1850)
);
--> statement-breakpoint
CREATE TABLE "hcp_identifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ssn_encrypted" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hcp_licenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hcp_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	"has_license" boolean NOT NULL,
	"state_id" integer,
	"license_type" text,
	"license_number" text,
	"name_on_license" text,
	"is_compact" boolean,
	"is_active" boolean DEFAULT true NOT NULL,
	"issue_date" date,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hcp_licenses_type_ck" CHECK ("hcp_licenses"."license_type" is null or "hcp_licenses"."license_type" in ('RN','PN','CNP','CRNA','CNS','CNM')),
	CONSTRAINT "hcp_licenses_complete_ck" CHECK (not "hcp_licenses"."has_license" or ("hcp_licenses"."state_id" is not null and "hcp_licenses"."license_type" is not null and "hcp_licenses"."license_number" is not null and "hcp_licenses"."name_on_license" is not null and "hcp_licenses"."is_compact" is not null))
);
--> statement-breakpoint
CREATE TABLE "hcp_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hcp_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"history_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text NOT NULL,
	"phone" text NOT NULL,
	"phone_type" text NOT NULL,
	"email" text,
	"reference_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hcp_references_number_ck" CHECK ("hcp_references"."reference_number" is null or "hcp_references"."reference_number" in (0, 1)),
	CONSTRAINT "hcp_references_phone_type_ck" CHECK ("hcp_references"."phone_type" in ('Mobile', 'Office')),
	CONSTRAINT "hcp_references_phone_ck" CHECK ("hcp_references"."phone" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "permanent_addresses" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"state_id" integer,
	"province" text,
	"zip_code" text,
	"postal_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_country_ck" CHECK ("permanent_addresses"."country" in ('United States', 'Canada')),
	CONSTRAINT "address_region_ck" CHECK (("permanent_addresses"."country" = 'United States' and "permanent_addresses"."state_id" is not null and "permanent_addresses"."zip_code" is not null) or ("permanent_addresses"."country" = 'Canada' and "permanent_addresses"."province" is not null and "permanent_addresses"."postal_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "skills_checklist_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "skills_checklist_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"hsh_item_ids" integer[] NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_answers" ADD CONSTRAINT "background_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_histories" ADD CONSTRAINT "employment_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_histories" ADD CONSTRAINT "employment_histories_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_histories" ADD CONSTRAINT "employment_histories_profession_id_professions_id_fk" FOREIGN KEY ("profession_id") REFERENCES "public"."professions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_certifications" ADD CONSTRAINT "hcp_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_degrees" ADD CONSTRAINT "hcp_degrees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_identifications" ADD CONSTRAINT "hcp_identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_licenses" ADD CONSTRAINT "hcp_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_licenses" ADD CONSTRAINT "hcp_licenses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_references" ADD CONSTRAINT "hcp_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcp_references" ADD CONSTRAINT "hcp_references_history_id_employment_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."employment_histories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permanent_addresses" ADD CONSTRAINT "permanent_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permanent_addresses" ADD CONSTRAINT "permanent_addresses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills_checklist_assignments" ADD CONSTRAINT "skills_checklist_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employment_histories_user_idx" ON "employment_histories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hcp_certifications_user_idx" ON "hcp_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hcp_degrees_user_idx" ON "hcp_degrees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hcp_licenses_primary_uq" ON "hcp_licenses" USING btree ("user_id") WHERE "hcp_licenses"."is_primary";--> statement-breakpoint
CREATE INDEX "hcp_references_user_idx" ON "hcp_references" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hcp_references_history_idx" ON "hcp_references" USING btree ("history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hcp_references_number_uq" ON "hcp_references" USING btree ("user_id","reference_number") WHERE "hcp_references"."reference_number" is not null;--> statement-breakpoint
CREATE INDEX "skills_assignments_user_idx" ON "skills_checklist_assignments" USING btree ("user_id");