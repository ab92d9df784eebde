CREATE TABLE "llm_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"model" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"app_id" text,
	"user_id" text,
	"message_id" text,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cache_read_tokens" integer DEFAULT 0 NOT NULL,
	"cache_write_tokens" integer DEFAULT 0 NOT NULL,
	"prompt_cost_micros" numeric(20, 6) DEFAULT 0 NOT NULL,
	"completion_cost_micros" numeric(20, 6) DEFAULT 0 NOT NULL,
	"cache_read_cost_micros" numeric(20, 6) DEFAULT 0 NOT NULL,
	"cache_write_cost_micros" numeric(20, 6) DEFAULT 0 NOT NULL,
	"prompt_rate" double precision DEFAULT 0 NOT NULL,
	"completion_rate" double precision DEFAULT 0 NOT NULL,
	"cache_read_rate" double precision DEFAULT 0 NOT NULL,
	"cache_write_rate" double precision DEFAULT 0 NOT NULL,
	"latency_ms" integer NOT NULL,
	"time_to_first_token_ms" integer,
	"finish_reason" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "llm_usage_app_created_idx" ON "llm_usage" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "llm_usage_message_idx" ON "llm_usage" USING btree ("message_id");