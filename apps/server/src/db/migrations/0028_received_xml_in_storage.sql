ALTER TABLE "documenti_ricevuti" ALTER COLUMN "xml" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documenti_ricevuti" ADD COLUMN "storage_key" text;--> statement-breakpoint
CREATE INDEX "documenti_ricevuti_storage_idx" ON "documenti_ricevuti" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "documenti_ricevuti" ADD CONSTRAINT "documenti_ricevuti_xml_kept" CHECK ("documenti_ricevuti"."storage_key" is not null or "documenti_ricevuti"."xml" is not null);--> statement-breakpoint
-- Written by hand (decision 033): a received invoice's XML moves from the row to the storage adapter. The rows
-- written before keep theirs in "xml" until the start-up step of features/einvoicing (moveReceivedXmlToStorage)
-- writes it to storage and sets storage_key, file by file; readers fall back to "xml" meanwhile. The file's
-- object leaves storage however its rows went (a deleted studio cascading): when the last row naming a key goes,
-- the key is recorded for the sweep of decision 030 (the rows of one file share it).
CREATE FUNCTION "documenti_ricevuti_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storage_deletions (storage_key, studio_id)
  SELECT DISTINCT g.storage_key, g.studio_id FROM gone g
  WHERE g.storage_key IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM documenti_ricevuti d WHERE d.storage_key = g.storage_key)
  ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documenti_ricevuti_gone" AFTER DELETE ON "documenti_ricevuti"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "documenti_ricevuti_gone"();
