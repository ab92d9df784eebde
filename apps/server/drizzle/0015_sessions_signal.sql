-- Signals changes of sign-ins on the event bus channel (platform/events/event-bus.ts: channel
-- atelier_events, payload {topic, data}). Every instance caches the session lookup of the auth
-- middleware (platform/auth/sessions.ts) and drops entries on these signals: a deleted or changed
-- session (sign-out, revocation, refresh; also the cascade when a user or an app goes), and a user
-- whose fields on the signed-in actor change (disabled, email, name, admin flag, verification).
CREATE OR REPLACE FUNCTION atelier_sessions_changed() RETURNS trigger AS $$
DECLARE
  changed_count integer;
  changed_ids json;
BEGIN
  -- At most 100 ids per signal (NOTIFY payloads stay small); more asks for the whole cache to go.
  SELECT count(*), json_agg(id) INTO changed_count, changed_ids FROM (SELECT id FROM changed LIMIT 101) c;
  IF changed_count = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify(
    'atelier_events',
    json_build_object(
      'topic', 'sessions:changed',
      'data', CASE WHEN changed_count > 100 THEN json_build_object('all', true)
                   ELSE json_build_object('sessionIds', changed_ids) END
    )::text
  );
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_signal
  AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_updated_signal
  AFTER UPDATE ON sessions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_sessions_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION atelier_session_user_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'atelier_events',
    json_build_object('topic', 'sessions:changed', 'data', json_build_object('userId', NEW.id))::text
  );
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_session_fields_signal
  AFTER UPDATE OF tenant_id, email, name, is_admin, email_verified_at, disabled_at ON users
  FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.is_admin IS DISTINCT FROM NEW.is_admin
    OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at
    OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at)
  EXECUTE FUNCTION atelier_session_user_changed();
