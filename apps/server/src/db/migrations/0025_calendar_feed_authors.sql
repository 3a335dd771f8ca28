CREATE TABLE "calendar_feed_settings" (
	"studio_id" uuid PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "author_member_id" uuid;--> statement-breakpoint
-- A feed belongs to who made it (issue 25 item 3): the author of an existing feed is the member who last created it
-- (audit 'calendar.feed.create'); a feed whose author is unknown, gone or not one who administers the studio (owner
-- or studio administrator) stops now, as it would at its next request.
UPDATE "calendar_feeds" f SET "author_member_id" = (
  SELECT m."id" FROM "audit_events" a
  JOIN "studio_members" m ON m."studio_id" = a."studio_id"
    AND m."user_id" = coalesce(a."acting_as_user_id", a."actor_user_id")
  WHERE a."studio_id" = f."studio_id" AND a."action" = 'calendar.feed.create' AND a."entity_id" = f."calendar_id"::text
  ORDER BY a."occurred_at" DESC LIMIT 1
);--> statement-breakpoint
DELETE FROM "calendar_feeds" f WHERE "author_member_id" IS NULL OR NOT EXISTS (
  SELECT 1 FROM "studio_members" m WHERE m."id" = f."author_member_id" AND m."user_id" IS NOT NULL
    AND m."role" IN ('ROLE_USER', 'ROLE_STAFF_ADMIN')
);--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "author_member_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed_settings" ADD CONSTRAINT "calendar_feed_settings_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_author_member_id_studio_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "studio_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_feeds_author_idx" ON "calendar_feeds" USING btree ("author_member_id");--> statement-breakpoint
-- A member's feeds die with a change of their role or the loss of their account, whatever wrote it (the membership's
-- own deletion takes them by the foreign key); the feed route also checks the author's right at each request.
CREATE FUNCTION "calendar_feeds_author_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "calendar_feeds" WHERE "author_member_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "calendar_feeds_author_changed" AFTER UPDATE ON "studio_members"
  FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR (OLD."user_id" IS NOT NULL AND NEW."user_id" IS NULL))
  EXECUTE FUNCTION "calendar_feeds_author_changed"();
