CREATE TABLE "calendar_versions" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"bumped_in" "xid8"
);
--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD CONSTRAINT "calendar_versions_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Written by hand (decision 016): what a studio's calendar shows has a version that moves in the writing transaction,
-- whatever wrote (the API, a cascade from a deleted patient or calendar, the Google sync, a bulk delete). Statement
-- triggers with transition tables: a bulk statement bumps it once. Studios locked in id order; a studio being
-- deleted is skipped. The patients' names and tags the answers show move patient_search_versions (below) rather than
-- this one: editing a patient locks one version row, not two.
-- A transaction moves a studio's version once, however many statements it runs (a bulk delete adds exdates to a
-- thousand series, one statement each; a cascade runs one statement per deleted row): later statements find the
-- row already bumped by their transaction and leave it, instead of piling up row versions of one hot row.
-- PL/pgSQL rather than SQL functions: their plans are kept for the session, not planned again at every firing.
CREATE FUNCTION "calendar_version_record"(studio_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calendar_versions AS v (studio_id, version, bumped_in)
  SELECT DISTINCT c.studio_id, 1, pg_current_xact_id() FROM unnest(studio_ids) AS c(studio_id)
  WHERE EXISTS (SELECT 1 FROM studios s WHERE s.id = c.studio_id)
  ORDER BY c.studio_id
  ON CONFLICT (studio_id) DO UPDATE SET version = v.version + 1, bumped_in = excluded.bumped_in
  WHERE v.bumped_in IS DISTINCT FROM excluded.bumped_in;
END
$$;--> statement-breakpoint
CREATE FUNCTION "calendar_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_version_record(array_agg(DISTINCT c.studio_id)) FROM changed c;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "calendar_version_events_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
CREATE TRIGGER "calendar_version_events_update" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
CREATE TRIGGER "calendar_version_events_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
CREATE TRIGGER "calendar_version_google_events_insert" AFTER INSERT ON "google_events" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
CREATE TRIGGER "calendar_version_google_events_update" AFTER UPDATE ON "google_events" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
CREATE TRIGGER "calendar_version_google_events_delete" AFTER DELETE ON "google_events" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump"();--> statement-breakpoint
-- a Google calendar's colour paints its mirrored events; its other columns (sync tokens) change on every sync
CREATE FUNCTION "calendar_version_bump_on_color"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM calendar_version_record(array_agg(DISTINCT n.studio_id))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.background_color IS DISTINCT FROM o.background_color;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "calendar_version_google_calendars_update" AFTER UPDATE ON "google_calendars" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "calendar_version_bump_on_color"();--> statement-breakpoint
-- The patients' version now moves whenever a patient changes at all, not only what search compares: the calendar
-- shows names as written (case, accents), and search keeps the patients of its pages as the API shows them (decision
-- 015, session 5). An update that changes nothing leaves it.
CREATE OR REPLACE FUNCTION "patients_search_version_bump_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patients_search_record(array_agg(n.studio_id), array_agg(n.id))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n IS DISTINCT FROM o;
  RETURN NULL;
END
$$;
