-- The uploaded file of an import (patients, decision 039; appointments, decision 045) leaves storage however its row
-- goes: an import never started and expired, or its studio deleted (cascade). Same sweep as attachments (0028).
CREATE FUNCTION "import_files_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_deletions (storage_key, studio_id)
  SELECT DISTINCT g.storage_key, g.studio_id FROM gone g
  ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patient_imports_gone" AFTER DELETE ON "patient_imports"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "import_files_gone"();--> statement-breakpoint
CREATE TRIGGER "appointment_imports_gone" AFTER DELETE ON "appointment_imports"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "import_files_gone"();
