CREATE TABLE "patient_search_changes" (
	"studio_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"patient_id" uuid NOT NULL,
	CONSTRAINT "patient_search_changes_studio_id_version_patient_id_pk" PRIMARY KEY("studio_id","version","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_search_changes" ADD CONSTRAINT "patient_search_changes_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 015): the triggers of 0007 now also log which patients each version changed (up to
-- 1,000 a statement and studio; a bigger statement logs none, so its version has no rows and readers read everything
-- again), and keep the last 1,000 versions of a studio. One function does it for both triggers.
CREATE FUNCTION "patients_search_record"(studio_ids uuid[], patient_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (
    SELECT * FROM unnest(studio_ids, patient_ids) AS c(studio_id, id)
  ), bumped AS (
    INSERT INTO patient_search_versions AS v (studio_id, version)
    SELECT DISTINCT c.studio_id, 1 FROM changed c
    WHERE EXISTS (SELECT 1 FROM studios s WHERE s.id = c.studio_id)
    ORDER BY c.studio_id
    ON CONFLICT (studio_id) DO UPDATE SET version = v.version + 1
    RETURNING v.studio_id, v.version
  ), logged AS (
    INSERT INTO patient_search_changes (studio_id, version, patient_id)
    SELECT studio_id, version, id FROM (
      SELECT b.studio_id, b.version, c.id, count(*) OVER (PARTITION BY b.studio_id) AS n
      FROM bumped b JOIN changed c ON c.studio_id = b.studio_id
    ) x WHERE n <= 1000
  )
  DELETE FROM patient_search_changes p USING bumped b
  WHERE p.studio_id = b.studio_id AND p.version <= b.version - 1000;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patients_search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patients_search_record(array_agg(c.studio_id), array_agg(c.id)) FROM changed c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "patients_search_version_bump_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patients_search_record(array_agg(n.studio_id), array_agg(n.id))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.sort_name, n.search_text, n.state, n.tags) IS DISTINCT FROM (o.sort_name, o.search_text, o.state, o.tags);
  RETURN NULL;
END
$$;
