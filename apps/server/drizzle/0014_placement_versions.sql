-- Each clinician's placement version: moved on by the database at the commit of any change to their submissions,
-- offers or contracts, whoever writes them (a server process, another node, the operator's CLI). The dashboard keeps
-- its answers under the version it read before reading the rows, and reuses them only while the version stands.
CREATE TABLE "placement_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Hand-written below. The triggers fire at commit (deferred), when the transaction already holds every row lock it
-- takes: bumping the one version row then cannot interleave with the writer's other locks into a deadlock. Rows are
-- never deleted from this table (a deleted clinician's row stays), so a version never returns to an earlier value.
CREATE FUNCTION "placement_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "placement_versions" AS v ("user_id", "version") VALUES (OLD."user_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    INSERT INTO "placement_versions" AS v ("user_id", "version") VALUES (NEW."user_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row trigger: every version moves on instead.
CREATE FUNCTION "placement_versions_bump_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "placement_versions" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "submissions_placement_version" AFTER INSERT OR UPDATE OR DELETE ON "submissions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "placement_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "offers_placement_version" AFTER INSERT OR UPDATE OR DELETE ON "offers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "placement_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contracts_placement_version" AFTER INSERT OR UPDATE OR DELETE ON "contracts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "placement_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "submissions_placement_versions_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "placement_versions_bump_all"();
--> statement-breakpoint
CREATE TRIGGER "offers_placement_versions_truncate" AFTER TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "placement_versions_bump_all"();
--> statement-breakpoint
CREATE TRIGGER "contracts_placement_versions_truncate" AFTER TRUNCATE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "placement_versions_bump_all"();
