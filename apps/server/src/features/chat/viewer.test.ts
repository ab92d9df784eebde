import type { ChatUIMetadata } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import type { Chunk } from './outlet.ts';
import { chunkForViewer, messagesForViewer } from './viewer.ts';

const usage = {
  promptTokens: 10,
  promptCost: 0.1,
  completionTokens: 5,
  completionCost: 0.2,
  totalTokens: 15,
  totalCost: 0.3,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  cacheReadCost: 0,
  cacheWriteCost: 0,
  rates: { prompt: 1, completion: 2, cacheRead: 0, cacheWrite: 0 },
  modelInfo: { model: 'gpt-4o-mini' },
  finishReason: 'stop',
  timestamp: '2026-11-26T00:00:00.000Z',
};
const metadata: ChatUIMetadata = {
  versionId: 'v1',
  usage,
  contextFiles: [{ filePath: 'App.tsx', tokenEstimation: 40 }],
  contextMetadata: {
    query: 'Add deals',
    retrievedFiles: [{ filePath: 'App.tsx', retrievalMethods: ['bm25'], tokenEstimation: 40, score: 1 }],
    relevantFiles: [],
    evals: { bm25: { recall: 1, tokenEstimation: 40 } },
    enhancedQuery: null,
    scoreThreshold: 0.1,
    rerankTokenLimit: 60000,
    belowThresholdFiles: [],
    passages: [{ itemId: 'i', itemName: 'Doc', text: 'x', score: 1, method: 'bm25', tokenEstimation: 3 }],
  },
};

describe('what a non-admin builder is answered (issue 21 §10)', () => {
  it('leaves usage and token counts out of stream chunks and keeps everything else', () => {
    const finish = { type: 'finish', finishReason: 'stop', messageMetadata: metadata } as Chunk;
    expect(chunkForViewer(finish, true)).toBe(finish);
    const seen = chunkForViewer(finish, false) as Extract<Chunk, { type: 'finish' }>;
    expect(JSON.stringify(seen)).not.toMatch(/usage|tokenEstimation|Cost|rerankTokenLimit|evals/);
    expect(seen.messageMetadata).toMatchObject({
      versionId: 'v1',
      contextFiles: [{ filePath: 'App.tsx' }],
      contextMetadata: { query: 'Add deals', retrievedFiles: [{ filePath: 'App.tsx', score: 1 }] },
    });
    const delta = { type: 'text-delta', id: 't', delta: 'Hi' } as Chunk;
    expect(chunkForViewer(delta, false)).toBe(delta);
  });

  it('filters every message of a page for non-admins only', () => {
    const page = {
      hasMore: false,
      messages: [
        {
          id: 'm',
          role: 'assistant' as const,
          content: '',
          parts: [],
          toolInvocations: [],
          experimental_attachments: [],
          createdAt: '2026-11-26T00:00:00.000Z',
          annotations: [metadata],
        },
      ],
    };
    expect(messagesForViewer(page, true)).toBe(page);
    const seen = messagesForViewer(page, false);
    expect(seen.messages[0]!.annotations[0]).not.toHaveProperty('usage');
    expect(page.messages[0]!.annotations[0]).toHaveProperty('usage');
  });
});
