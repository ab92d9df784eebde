import { describe, expect, it } from 'vitest';
import {
  allValidationsResolved,
  INITIAL_RUN_STATE,
  RUN_CANCELLED_MESSAGE,
  RUN_EVENT_TYPES,
  RUN_STATUSES,
  type RunEvent,
  type RunEventType,
  type RunState,
  type RunStatus,
  runReducer,
} from './run-state.ts';

const eventOf = (type: RunEventType): RunEvent => {
  if (type === 'success') return { type, result: 'the answer' };
  if (type === 'error') return { type, message: 'There was an error.' };
  return { type } as RunEvent;
};

const stateIn = (status: RunStatus): RunState => {
  switch (status) {
    case 'idle':
      return INITIAL_RUN_STATE;
    case 'loading':
      return { status, phase: 'generate', result: null, error: null };
    case 'success':
      return { status, phase: 'generate', result: 'earlier', error: null };
    case 'error':
      return { status, phase: 'generate', result: null, error: 'failed before' };
  }
};

/** The spec's table: state × event → next status; absent pairs keep the state. */
const TRANSITIONS: Partial<Record<RunStatus, Partial<Record<RunEventType, RunStatus>>>> = {
  idle: { 'search-similar-item': 'loading', 'query-context-items': 'loading', generate: 'loading' },
  loading: { success: 'success', error: 'error', cancel: 'error' },
  success: { validate: 'loading', reset: 'idle' },
  error: { reset: 'idle' },
};

describe('runReducer', () => {
  for (const status of RUN_STATUSES) {
    for (const type of RUN_EVENT_TYPES) {
      const expected = TRANSITIONS[status]?.[type];
      it(`${status} + ${type} → ${expected ?? `${status} (unchanged)`}`, () => {
        const before = stateIn(status);
        const after = runReducer(before, eventOf(type));
        if (expected === undefined) expect(after).toBe(before);
        else expect(after.status).toBe(expected);
      });
    }
  }

  it('records which event started the run and clears an earlier result', () => {
    const next = runReducer(INITIAL_RUN_STATE, { type: 'query-context-items' });
    expect(next).toEqual({ status: 'loading', phase: 'query-context-items', result: null, error: null });
  });

  it('keeps the result on success and the message on error', () => {
    const loading = runReducer(INITIAL_RUN_STATE, { type: 'generate' });
    expect(runReducer(loading, { type: 'success', result: 'Hello' }).result).toBe('Hello');
    expect(runReducer(loading, { type: 'error', message: 'Boom' }).error).toBe('Boom');
    expect(runReducer(loading, { type: 'cancel' }).error).toBe(RUN_CANCELLED_MESSAGE);
  });

  it('keeps the result while validating and returns to the initial state on reset', () => {
    const success = stateIn('success');
    const validating = runReducer(success, { type: 'validate' });
    expect(validating).toEqual({ status: 'loading', phase: 'validate', result: 'earlier', error: null });
    expect(runReducer(success, { type: 'reset' })).toBe(INITIAL_RUN_STATE);
    expect(runReducer(stateIn('error'), { type: 'reset' })).toBe(INITIAL_RUN_STATE);
  });
});

describe('allValidationsResolved', () => {
  const pending = { validation: 'Pending' as const };
  const validated = { validation: 'Validated' as const };
  const failed = { validation: 'Failed' as const };
  const plain = {};

  it('is true when every validated block is Validated or Failed and the run is not loading', () => {
    expect(allValidationsResolved([validated, failed, plain], 'success')).toBe(true);
    expect(allValidationsResolved([], 'idle')).toBe(true);
  });
  it('is false while a block is Pending outside Error', () => {
    expect(allValidationsResolved([validated, pending], 'success')).toBe(false);
    expect(allValidationsResolved([pending], 'idle')).toBe(false);
  });
  it('is true in Error even with Pending blocks', () => {
    expect(allValidationsResolved([pending], 'error')).toBe(true);
  });
  it('is false while Loading, whatever the blocks', () => {
    expect(allValidationsResolved([validated], 'loading')).toBe(false);
    expect(allValidationsResolved([], 'loading')).toBe(false);
  });
});
