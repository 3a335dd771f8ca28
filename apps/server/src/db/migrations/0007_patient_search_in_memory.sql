CREATE TABLE "patient_search_versions" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "patients_search_idx";--> statement-breakpoint
DROP INDEX "patients_studio_sort_idx";--> statement-breakpoint
ALTER TABLE "patient_search_versions" ADD CONSTRAINT "patient_search_versions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_studio_sort_idx" ON "patients" USING btree ("studio_id","sort_name","id");--> statement-breakpoint
-- Written by hand (decision 015): the studio's search version moves in the writing transaction, whatever wrote (the
-- API, the seed, an import, a cascade). Statement triggers with transition tables: a bulk insert bumps it once, not
-- once a row. Studios locked in id order; a studio being deleted (its patients go by cascade) is skipped.
CREATE FUNCTION "patients_search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_search_versions AS v (studio_id, version)
  SELECT DISTINCT c.studio_id, 1 FROM changed c
  WHERE EXISTS (SELECT 1 FROM studios s WHERE s.id = c.studio_id)
  ORDER BY c.studio_id
  ON CONFLICT (studio_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_search_version_insert" AFTER INSERT ON "patients" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "patients_search_version_bump"();--> statement-breakpoint
CREATE TRIGGER "patients_search_version_delete" AFTER DELETE ON "patients" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "patients_search_version_bump"();--> statement-breakpoint
-- an update moves the version only when it changes what search reads
CREATE FUNCTION "patients_search_version_bump_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_search_versions AS v (studio_id, version)
  SELECT DISTINCT n.studio_id, 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.sort_name, n.search_text, n.state, n.tags) IS DISTINCT FROM (o.sort_name, o.search_text, o.state, o.tags)
  ORDER BY n.studio_id
  ON CONFLICT (studio_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_search_version_update" AFTER UPDATE ON "patients" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "patients_search_version_bump_on_update"();
