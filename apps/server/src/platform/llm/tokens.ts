import type { ModelInfo } from '@atelier/shared';

/**
 * Token counts for a model (issue 21 §6, §11): OpenAI's model families with their own tokenizer
 * (`gpt-tokenizer`, o200k_base or cl100k_base, loaded on first use so that it never slows the
 * server's start), every other model estimated from the text's length.
 */
export type TokenCount = (text: string) => number;

export interface TokenCounter {
  count: TokenCount;
  /** True when the counts are estimates (no tokenizer of the model's family). */
  estimated: boolean;
}

export type TokenizerEncoding = 'o200k_base' | 'cl100k_base';

/** Characters per token of the estimate: code and English average 3.5–4; the lower bound errs on the safe side. */
const CHARS_PER_TOKEN = 3.5;

export const estimateTokenCount: TokenCount = (text) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The tokenizer of an OpenAI model id (with or without a router's `openai/` prefix), else null. */
export function tokenizerEncoding(info: Pick<ModelInfo, 'id' | 'provider'>): TokenizerEncoding | null {
  if (info.provider === 'anthropic' || info.provider === 'offline') return null;
  const id = info.id.toLowerCase().replace(/^openai\//, '');
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4)/.test(id)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(id)) return 'cl100k_base';
  return null;
}

type CountTokens = (text: string, options?: { allowedSpecial?: 'all' }) => number;
const loaded = new Map<TokenizerEncoding, Promise<CountTokens | null>>();

function load(encoding: TokenizerEncoding): Promise<CountTokens | null> {
  let promise = loaded.get(encoding);
  if (!promise) {
    const module =
      encoding === 'o200k_base'
        ? import('gpt-tokenizer/encoding/o200k_base')
        : import('gpt-tokenizer/encoding/cl100k_base');
    promise = module.then((m) => m.countTokens as CountTokens).catch(() => null);
    loaded.set(encoding, promise);
  }
  return promise;
}

/** The counter for a model: its tokenizer when one fits (loaded once), else the estimate. */
export async function tokenCounter(info: Pick<ModelInfo, 'id' | 'provider'>): Promise<TokenCounter> {
  const encoding = tokenizerEncoding(info);
  const count = encoding ? await load(encoding) : null;
  if (!count) return { count: estimateTokenCount, estimated: true };
  // Text that looks like a special token (<|endoftext|>) is counted as the model would read it.
  return { count: (text) => count(text, { allowedSpecial: 'all' }), estimated: false };
}
