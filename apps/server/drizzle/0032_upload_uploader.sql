-- Who stored an object of the Supabase-compatible storage (features/supabase/storage.ts).
ALTER TABLE "uploads" ADD COLUMN IF NOT EXISTS "uploaded_by" text;
