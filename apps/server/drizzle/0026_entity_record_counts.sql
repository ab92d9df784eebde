CREATE TABLE "entity_record_counts" (
	"app_id" text NOT NULL,
	"entity" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "entity_record_counts_entity_idx" ON "entity_record_counts" USING btree ("app_id","entity");--> statement-breakpoint
-- Each statement that inserts or deletes entity records adds one row per entity it touched (+n or
-- -n; an insert's ON CONFLICT DO UPDATE rows are not in its transition table). Updates never move a
-- record to another app or entity (only data and updated_at change), so they count nothing.
CREATE OR REPLACE FUNCTION atelier_entity_records_counted() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entity_record_counts (app_id, entity, n)
      SELECT app_id, entity, count(*) FROM counted_rows GROUP BY app_id, entity;
  ELSE
    INSERT INTO entity_record_counts (app_id, entity, n)
      SELECT app_id, entity, -count(*) FROM counted_rows GROUP BY app_id, entity;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER entity_records_inserted_count
  AFTER INSERT ON entity_records REFERENCING NEW TABLE AS counted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_entity_records_counted();
--> statement-breakpoint
CREATE TRIGGER entity_records_deleted_count
  AFTER DELETE ON entity_records REFERENCING OLD TABLE AS counted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_entity_records_counted();
--> statement-breakpoint
-- The records that exist already.
INSERT INTO entity_record_counts (app_id, entity, n)
  SELECT app_id, entity, count(*) FROM entity_records GROUP BY app_id, entity;
