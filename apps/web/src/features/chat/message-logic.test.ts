import {
  type AppVersion,
  CHAT_MESSAGES,
  type ChatMessage,
  LOAD_PREVIOUS_THRESHOLD_PX,
  SCROLL_TO_MESSAGE_DELAY_MS,
  VERSION_LIST_VISIBLE,
} from '@atelier/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canRetry,
  cardState,
  isNearTop,
  removedByRevert,
  revertKind,
  rowState,
  scrollToMessageLater,
  visibleVersions,
} from './message-logic.ts';
import {
  actionResultsOf,
  attachmentsOf,
  type ChatUIMessage,
  reasoningOf,
  sourcesOf,
  textOf,
  toUIMessage,
} from './types.ts';

const version = (seq: number): AppVersion => ({
  id: `v${seq}`,
  seq,
  timestamp: new Date(2026, 0, seq).toISOString(),
  createdAt: new Date(2026, 0, seq).toISOString(),
  messageId: null,
  userRequest: null,
  metadata: { description: '' },
  parentVersionId: null,
  contentHash: `h${seq}`,
});

const message = (
  id: string,
  role: 'user' | 'assistant',
  metadata: ChatUIMessage['metadata'] = {},
): ChatUIMessage => ({ id, role, parts: [{ type: 'text', text: id }], metadata });

describe('version list', () => {
  const newestFirst = Array.from({ length: 15 }, (_, i) => version(15 - i));

  it('shows the newest 10 versions', () => {
    expect(VERSION_LIST_VISIBLE).toBe(10);
    expect(visibleVersions(newestFirst, 'v15').map((v) => v.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `v${15 - i}`),
    );
  });

  it('adds the current version when it is older than those', () => {
    const shown = visibleVersions(newestFirst, 'v2').map((v) => v.id);
    expect(shown).toHaveLength(11);
    expect(shown.at(-1)).toBe('v2');
  });
});

describe('revert, undo restore and retry', () => {
  it('offers Revert on user messages with a version, not on autofix or discuss-mode ones', () => {
    expect(revertKind(message('u', 'user', { versionId: 'v1' }))).toBe('revert');
    expect(revertKind(message('u', 'user', {}))).toBeNull();
    expect(revertKind(message('a', 'assistant', { versionId: 'v1' }))).toBeNull();
    expect(
      revertKind(message('u', 'user', { versionId: 'v1', systemActionInfo: { type: 'autofix' } })),
    ).toBeNull();
    expect(
      revertKind(message('u', 'user', { versionId: 'v1', discussModeMetadata: { isDiscussMode: true } })),
    ).toBeNull();
  });

  it('turns Revert into Undo restore on a restore that carries a reverted-from reference', () => {
    const restore = message('r', 'user', {
      versionId: 'v3',
      systemActionInfo: { type: 'restore', restoredVersionDate: '2026-01-01', revertedFromMessageId: 'u1' },
    });
    expect(revertKind(restore)).toBe('undo');
    expect(revertKind(message('r', 'user', { versionId: 'v3', systemActionInfo: { type: 'restore' } }))).toBe(
      'revert',
    );
  });

  it('counts the messages a revert removes: those after the exchange', () => {
    const list = [
      message('u1', 'user'),
      message('a1', 'assistant'),
      message('u2', 'user'),
      message('a2', 'assistant'),
      message('u3', 'user'),
    ];
    expect(removedByRevert(list, 0)).toBe(3);
    expect(removedByRevert(list, 2)).toBe(1);
    expect(removedByRevert(list, 4)).toBe(0);
  });

  it('allows a retry only of the last user message, followed by nothing but a failed reply', () => {
    const list = [message('u1', 'user'), message('a1', 'assistant'), message('u2', 'user')];
    expect(canRetry(list, 2)).toBe(true);
    expect(canRetry(list, 0)).toBe(false);
    const failed = [...list, message('a2', 'assistant', { status: 'failed' })];
    expect(canRetry(failed, 2)).toBe(true);
    const answered = [...list, message('a2', 'assistant')];
    expect(canRetry(answered, 2)).toBe(false);
    expect(CHAT_MESSAGES.retryLastOnly).toBe('You can only retry the last message.');
  });
});

describe('action cards', () => {
  it('shows streaming, complete and truncated, then what the server did', () => {
    expect(cardState({ status: 'streaming' }, undefined).label).toBe('Writing…');
    expect(cardState({ status: 'complete' }, undefined).label).toBe('Complete');
    expect(cardState({ status: 'truncated' }, undefined).label).toBe('Truncated');
    const base = { index: 0, type: 'add_file', title: 't' };
    expect(cardState({ status: 'complete' }, { ...base, outcome: 'applied' }).tone).toBe('success');
    expect(cardState({ status: 'complete' }, { ...base, outcome: 'failed' }).tone).toBe('error');
    expect(cardState({ status: 'complete' }, { ...base, outcome: 'not_applied' }).label).toBe('Not applied');
  });
});

describe('stored messages on the client', () => {
  it('carries annotations[0], the date and the attachments as metadata', () => {
    const result = {
      index: 0,
      type: 'add_file',
      title: 'x',
      path: 'pages/A.jsx',
      outcome: 'applied' as const,
    };
    // The API's parts are the spec's shapes (issue 23 #18); the chat state holds the AI SDK's UI parts.
    const stored: ChatMessage = {
      id: 'a1',
      role: 'assistant',
      content: 'Done',
      parts: [
        { type: 'reasoning', reasoning: 'Thinking it over' },
        { type: 'text', text: 'Done' },
        { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://example.com/a', title: 'A' } },
        { type: 'file', mimeType: 'image/png', data: '/api/files/p.png', filename: 'p.png' },
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId: 'action-0',
            toolName: 'add_file',
            args: { title: 'x', path: 'pages/A.jsx' },
            result,
          },
        },
      ],
      toolInvocations: [],
      experimental_attachments: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      annotations: [{ versionId: 'v1', rating: { score: 5, feedback: [], comment: '' } }],
    };
    const ui = toUIMessage(stored);
    expect(ui.metadata).toMatchObject({ versionId: 'v1', createdAt: stored.createdAt, rating: { score: 5 } });
    expect(textOf(ui)).toBe('Done');
    expect(reasoningOf(ui)).toBe('Thinking it over');
    expect(actionResultsOf(ui)).toEqual([result]);
    expect(attachmentsOf({ ...ui, metadata: {} })).toEqual([
      { name: 'p.png', url: '/api/files/p.png', contentType: 'image/png' },
    ]);
    expect(sourcesOf(ui)).toEqual([{ url: 'https://example.com/a', title: 'A' }]);
  });
});

describe('message list scrolling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("offers 'Load previous messages' within 50 px of the top only", () => {
    expect(LOAD_PREVIOUS_THRESHOLD_PX).toBe(50);
    expect(isNearTop(0)).toBe(true);
    expect(isNearTop(LOAD_PREVIOUS_THRESHOLD_PX)).toBe(true);
    expect(isNearTop(LOAD_PREVIOUS_THRESHOLD_PX + 1)).toBe(false);
  });

  it('scrolls to a target message after 100 ms, unless cancelled', () => {
    vi.useFakeTimers();
    expect(SCROLL_TO_MESSAGE_DELAY_MS).toBe(100);
    const scroll = vi.fn();
    scrollToMessageLater(scroll);
    vi.advanceTimersByTime(SCROLL_TO_MESSAGE_DELAY_MS - 1);
    expect(scroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    scrollToMessageLater(cancelled)();
    vi.advanceTimersByTime(SCROLL_TO_MESSAGE_DELAY_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('message list rows while a reply streams (issue 21 §9)', () => {
  const earlier = Array.from({ length: 200 }, (_, i) => message(`m${i}`, i % 2 ? 'assistant' : 'user'));
  const idle = { busy: false, sendFailed: false, lastUserIndex: 200 };
  const running = { busy: true, sendFailed: false, lastUserIndex: 200 };
  const sameProps = (a: object, b: object) =>
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(a).every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]));

  it("leaves every earlier reply's row as it was when a reply starts, streams and ends", () => {
    const before = [...earlier, message('sent', 'user')];
    const streaming = [...before, message('reply', 'assistant')];
    const grown = [
      ...before,
      { ...message('reply', 'assistant'), parts: [{ type: 'text' as const, text: 'more' }] },
    ];
    for (let i = 1; i < 200; i += 2) {
      const idleState = rowState(before, i, idle);
      expect(sameProps(idleState, rowState(streaming, i, running))).toBe(true);
      expect(sameProps(rowState(streaming, i, running), rowState(grown, i, running))).toBe(true);
      expect(sameProps(idleState, rowState(grown, i, idle))).toBe(true);
    }
  });

  it('streams only the newest reply, and disables the buttons of user rows and the last reply', () => {
    const list = [...earlier, message('sent', 'user'), message('reply', 'assistant')];
    expect(rowState(list, 201, running)).toMatchObject({ streaming: true, isLast: true, busy: true });
    expect(rowState(list, 199, running)).toMatchObject({ streaming: false, isLast: false, busy: false });
    expect(rowState(list, 200, running)).toMatchObject({ streaming: false, busy: true, canRetry: false });
    expect(rowState(list, 201, idle)).toMatchObject({ streaming: false, busy: false });
  });

  it('offers Retry on the last user message only when sending it failed or its reply failed', () => {
    const failedSend = [...earlier, message('sent', 'user')];
    expect(rowState(failedSend, 200, { busy: false, sendFailed: true, lastUserIndex: 200 })).toMatchObject({
      failed: true,
      canRetry: true,
    });
    const failedReply = [...failedSend, message('reply', 'assistant', { status: 'failed' })];
    expect(rowState(failedReply, 200, idle)).toMatchObject({ failed: false, canRetry: true });
    expect(rowState([...failedSend, message('reply', 'assistant')], 200, idle).canRetry).toBe(false);
    expect(rowState(failedReply, 198, idle).canRetry).toBe(false);
  });
});
