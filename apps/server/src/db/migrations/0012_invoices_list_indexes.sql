DROP INDEX "documenti_studio_data_idx";--> statement-breakpoint
CREATE INDEX "documenti_search_idx" ON "documenti_contabili" USING gin ("studio_id","cliente_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documenti_studio_data_idx" ON "documenti_contabili" USING btree ("studio_id","serie","data_documento","numero","id","pagata","tipo_documento");