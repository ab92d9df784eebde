CREATE TABLE "entity_records" (
	"app_id" text NOT NULL,
	"entity" text NOT NULL,
	"id" text NOT NULL,
	"creator_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_records_pkey" PRIMARY KEY("app_id","entity","id")
);
--> statement-breakpoint
ALTER TABLE "entity_records" ADD CONSTRAINT "entity_records_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entity_records_data_gin" ON "entity_records" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "entity_records_created_idx" ON "entity_records" USING btree ("app_id","entity","created_at" desc);--> statement-breakpoint
CREATE INDEX "entity_records_creator_idx" ON "entity_records" USING btree ("app_id","entity","creator_id","created_at" desc);