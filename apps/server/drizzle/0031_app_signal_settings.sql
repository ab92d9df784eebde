-- The app-changed signal (0009) also fires when an app's settings change: the entity API caches
-- whether the app requires its visitors to sign in ("Require login to access", settings.requireLogin)
-- with the app's row (features/entities/context.ts).
DROP TRIGGER IF EXISTS apps_changed_signal ON apps;
--> statement-breakpoint
CREATE TRIGGER apps_changed_signal
  AFTER UPDATE OF owner_id, current_version_id, published_version_id, settings OR DELETE ON apps
  FOR EACH ROW EXECUTE FUNCTION atelier_app_changed();
