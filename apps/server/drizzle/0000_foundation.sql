CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"id" integer PRIMARY KEY NOT NULL,
	"web_friendly_name" text NOT NULL,
	"web_group" text,
	"web_order" integer
);
--> statement-breakpoint
CREATE TABLE "profession_specialties" (
	"profession_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "profession_specialties_profession_id_specialty_id_pk" PRIMARY KEY("profession_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "professions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"web_order" integer,
	"is_allied" boolean NOT NULL,
	CONSTRAINT "professions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "specialties" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text,
	"long_description" text,
	"alt_text" text
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"abbreviation" text NOT NULL,
	"is_compact" boolean NOT NULL,
	CONSTRAINT "states_name_unique" UNIQUE("name"),
	CONSTRAINT "states_abbreviation_unique" UNIQUE("abbreviation")
);
--> statement-breakpoint
CREATE TABLE "application_steps" (
	"user_id" integer NOT NULL,
	"step_name" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_steps_user_id_step_name_pk" PRIMARY KEY("user_id","step_name")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profession_id" integer NOT NULL,
	"lead_source_id" integer,
	"password_hash" text NOT NULL,
	"application_complete" boolean DEFAULT false NOT NULL,
	"application_submitted_at" timestamp with time zone,
	"eligible_for_submission" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"scrub_color" text,
	"bed_count" integer,
	"charting_systems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trauma_level" integer,
	"address1" text,
	"address2" text,
	"city" text NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer,
	"zip" text,
	"lat" double precision,
	"lng" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_jobs" (
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_id" text NOT NULL,
	"facility_id" integer NOT NULL,
	"profession_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"grade" integer,
	"shift" text NOT NULL,
	"shifts_per_week" integer NOT NULL,
	"hours_per_shift" double precision NOT NULL,
	"shift_category" integer NOT NULL,
	"available_positions" integer DEFAULT 1 NOT NULL,
	"duration_weeks" integer NOT NULL,
	"start_date" date NOT NULL,
	"create_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"description" text,
	"hourly_rate" numeric(12, 2) NOT NULL,
	"over_time_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"on_call_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"premium_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"call_back_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_over_time_rate1" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_over_time_rate2" numeric(12, 2) DEFAULT 0 NOT NULL,
	"regular_pay_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"regular_pay_per_week" numeric(12, 2) DEFAULT 0 NOT NULL,
	"premium_pay_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"premium_pay_per_week" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_overtime_pay_hours1" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_overtime_pay_per_week1" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_overtime_pay_hours2" numeric(12, 2) DEFAULT 0 NOT NULL,
	"cali_overtime_pay_per_week2" numeric(12, 2) DEFAULT 0 NOT NULL,
	"overtime_pay_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"overtime_pay_per_week" numeric(12, 2) DEFAULT 0 NOT NULL,
	"weekly_meals" numeric(12, 2) DEFAULT 0 NOT NULL,
	"weekly_lodging" numeric(12, 2) DEFAULT 0 NOT NULL,
	"bonuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimum_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gross_weekly_pay" numeric(12, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "jobs_grade_ck" CHECK ("jobs"."grade" is null or "jobs"."grade" between 1 and 5),
	CONSTRAINT "jobs_shift_category_ck" CHECK ("jobs"."shift_category" in (1, 2, 3)),
	CONSTRAINT "jobs_positions_ck" CHECK ("jobs"."available_positions" >= 0),
	CONSTRAINT "jobs_duration_ck" CHECK ("jobs"."duration_weeks" > 0)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"is_interested" boolean DEFAULT true NOT NULL,
	"desired_start_date" date,
	"other_requests" text,
	"best_contact_time" text,
	"requested_time_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_user_job_uq" UNIQUE("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profession_specialties" ADD CONSTRAINT "profession_specialties_profession_id_professions_id_fk" FOREIGN KEY ("profession_id") REFERENCES "public"."professions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profession_specialties" ADD CONSTRAINT "profession_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_steps" ADD CONSTRAINT "application_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profession_id_professions_id_fk" FOREIGN KEY ("profession_id") REFERENCES "public"."professions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lead_source_id_lead_sources_id_fk" FOREIGN KEY ("lead_source_id") REFERENCES "public"."lead_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_jobs" ADD CONSTRAINT "favorite_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_jobs" ADD CONSTRAINT "favorite_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_profession_id_professions_id_fk" FOREIGN KEY ("profession_id") REFERENCES "public"."professions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_state_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree (lower("to_address"));--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "favorite_jobs_job_idx" ON "favorite_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING btree ("is_available","profession_id","specialty_id");--> statement-breakpoint
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "jobs_facility_idx" ON "jobs" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "submissions_job_idx" ON "submissions" USING btree ("job_id");