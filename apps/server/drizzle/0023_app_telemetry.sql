CREATE TABLE "app_telemetry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"page_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_telemetry" ADD CONSTRAINT "app_telemetry_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_telemetry_app_kind_created_idx" ON "app_telemetry" USING btree ("app_id","kind","created_at");