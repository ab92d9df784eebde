ALTER TABLE "entity_records" ADD COLUMN "data_size" integer GENERATED ALWAYS AS (octet_length(data::text)) STORED;--> statement-breakpoint
ALTER TABLE "entity_records" ADD COLUMN "data_fields" integer GENERATED ALWAYS AS (jsonb_array_length(jsonb_path_query_array(data, '$.keyvalue().key'))) STORED;--> statement-breakpoint
ALTER TABLE "entity_records" ADD CONSTRAINT "entity_records_data_size" CHECK (data_size <= 524288) NOT VALID;--> statement-breakpoint
ALTER TABLE "entity_records" ADD CONSTRAINT "entity_records_data_fields" CHECK (data_fields <= 1000) NOT VALID;