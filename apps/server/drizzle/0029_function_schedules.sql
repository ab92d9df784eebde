CREATE TABLE "function_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"automation" text NOT NULL,
	"spec" jsonb NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "function_schedules" ADD CONSTRAINT "function_schedules_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "function_schedules_app_name_automation_idx" ON "function_schedules" USING btree ("app_id","name","automation");--> statement-breakpoint
CREATE INDEX "function_schedules_next_run_idx" ON "function_schedules" USING btree ("next_run_at");