ALTER TABLE "llm_usage" ADD COLUMN "tokens_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "llm_usage" ADD COLUMN "price_known" boolean DEFAULT true NOT NULL;