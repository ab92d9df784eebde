-- Signals changes of an app's owner, current or published version, or its deletion, on the event
-- bus channel (platform/events/event-bus.ts: channel atelier_events, payload {topic, data}). The
-- entity API caches app rows and drops them on this signal (features/entities/context.ts).
CREATE OR REPLACE FUNCTION atelier_app_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'atelier_events',
    json_build_object(
      'topic', 'apps:changed',
      'data', json_build_object('appId', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
    )::text
  );
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER apps_changed_signal
  AFTER UPDATE OF owner_id, current_version_id, published_version_id OR DELETE ON apps
  FOR EACH ROW EXECUTE FUNCTION atelier_app_changed();
