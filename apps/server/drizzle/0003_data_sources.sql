CREATE TABLE "context_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"app_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"locator" text,
	"text" text NOT NULL,
	"token_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "context_items" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"size" integer DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"mime_type" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_id" text,
	"heartbeat_at" timestamp with time zone,
	"provider" text,
	"provider_item_id" text,
	"external_file_url" text,
	"external_file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "context_terms" (
	"chunk_id" text NOT NULL,
	"app_id" text NOT NULL,
	"term" text NOT NULL,
	"tf" real NOT NULL,
	CONSTRAINT "context_terms_chunk_id_term_pk" PRIMARY KEY("chunk_id","term")
);
--> statement-breakpoint
CREATE TABLE "context_uploads" (
	"item_id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "context_chunks" ADD CONSTRAINT "context_chunks_item_id_context_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."context_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_terms" ADD CONSTRAINT "context_terms_chunk_id_context_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."context_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_uploads" ADD CONSTRAINT "context_uploads_item_id_context_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."context_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_chunks_item_idx" ON "context_chunks" USING btree ("item_id","ordinal");--> statement-breakpoint
CREATE INDEX "context_chunks_app_idx" ON "context_chunks" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "context_items_app_idx" ON "context_items" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "context_items_status_idx" ON "context_items" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE INDEX "context_terms_app_term_idx" ON "context_terms" USING btree ("app_id","term");