-- What the auth hook reads on every request (a user, their membership, the studio's versions) changes when these rows
-- do. On the embedded database the server keeps that context in memory and forgets it when one of these notifications
-- says it changed (decision 017): there the server's one session both writes and listens, so the notification is in
-- hand before the write is acknowledged. A session that does not listen (PostgreSQL's pool) sends nothing: NOTIFY
-- would serialise its commits for a listener that is not there.
CREATE FUNCTION "auth_changed_notify"(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF payload IS NOT NULL AND 'auth_changed' = ANY (ARRAY(SELECT pg_listening_channels())) THEN
    PERFORM pg_notify('auth_changed', payload);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "auth_changed_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed_notify('user:' || OLD.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- any column, not only those read today: a column added to the auth statement later is covered already
CREATE TRIGGER "auth_changed_users_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "auth_changed_user"();--> statement-breakpoint
CREATE TRIGGER "auth_changed_users_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_user"();--> statement-breakpoint
CREATE FUNCTION "auth_changed_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM auth_changed_notify('user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM auth_changed_notify('user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_changed_studio_members" AFTER INSERT OR UPDATE OR DELETE ON "studio_members"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_member"();--> statement-breakpoint
CREATE FUNCTION "auth_changed_studio_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed_notify('studio:' || NEW.studio_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_changed_patient_search_versions" AFTER INSERT OR UPDATE ON "patient_search_versions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_studio_version"();--> statement-breakpoint
CREATE TRIGGER "auth_changed_calendar_versions" AFTER INSERT OR UPDATE ON "calendar_versions"
  FOR EACH ROW EXECUTE FUNCTION "auth_changed_studio_version"();
