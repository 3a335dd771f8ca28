DROP INDEX "events_series_until_idx";--> statement-breakpoint
CREATE INDEX "events_series_until_idx" ON "events" USING btree ("studio_id","until_at","start_at") WHERE "events"."rrule" is not null;