DROP INDEX "entity_records_created_idx";--> statement-breakpoint
DROP INDEX "entity_records_creator_idx";--> statement-breakpoint
CREATE INDEX "entity_records_created_idx" ON "entity_records" USING btree ("app_id","entity","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "entity_records_creator_idx" ON "entity_records" USING btree ("app_id","entity","creator_id","created_at" desc,"id" desc);