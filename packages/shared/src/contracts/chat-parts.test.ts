import { describe, expect, it } from 'vitest';
import { chatMessagePartSchema, fromSpecParts, toolInvocationsOf, toSpecParts } from './chat-parts.ts';

const result = { index: 2, type: 'add_entity', title: 'Task', entity: 'Task', outcome: 'applied' };

describe('chat message parts in the spec shapes (spec 3 §3, issue 23 #18)', () => {
  it('answers stored UI parts as text, reasoning, source, file and tool-invocation', () => {
    const parts = toSpecParts([
      { type: 'step-start' },
      { type: 'reasoning', text: 'Plan' },
      { type: 'text', text: 'Hi' },
      { type: 'source-url', sourceId: 'c1', url: 'https://shop.example/faq', title: 'FAQ' },
      { type: 'file', mediaType: 'image/png', url: '/api/chat-files/a.png', filename: 'a.png' },
      { type: 'data-action-results', id: 'actions', data: { results: [result] } },
      { type: 'data-build-check', id: 'build-check', data: { status: 'passed' } },
    ]);
    expect(parts).toEqual([
      { type: 'reasoning', reasoning: 'Plan' },
      { type: 'text', text: 'Hi' },
      {
        type: 'source',
        source: { sourceType: 'url', id: 'c1', url: 'https://shop.example/faq', title: 'FAQ' },
      },
      { type: 'file', mimeType: 'image/png', data: '/api/chat-files/a.png', filename: 'a.png' },
      {
        type: 'tool-invocation',
        toolInvocation: {
          state: 'result',
          toolCallId: 'action-2',
          toolName: 'add_entity',
          args: { title: 'Task', entity: 'Task' },
          result,
        },
      },
      { type: 'data-build-check', id: 'build-check', data: { status: 'passed' } },
    ]);
    for (const part of parts) expect(chatMessagePartSchema.safeParse(part).success).toBe(true);
    expect(toolInvocationsOf(parts).map((call) => call.toolName)).toEqual(['add_entity']);
  });

  it('reads rows already in the spec shapes unchanged, and turns them back into the same UI parts', () => {
    const spec = toSpecParts([
      { type: 'text', text: 'Hi' },
      { type: 'file', mediaType: 'text/plain', url: '/f.txt' },
      { type: 'data-action-results', id: 'actions', data: { results: [result] } },
    ]);
    expect(toSpecParts(spec as Record<string, unknown>[])).toEqual(spec);
    expect(fromSpecParts(spec)).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'file', mediaType: 'text/plain', url: '/f.txt' },
      { type: 'data-action-results', id: 'actions', data: { results: [result] } },
    ]);
  });
});
