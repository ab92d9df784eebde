/**
 * The run state of a tool (spec 3 §4 "Run state"): Idle becomes Loading on search-similar-item,
 * query-context-items or generate. Loading becomes Success on success, and Error on error or
 * cancel. Success goes back to Loading on validate and to Idle on reset. Error goes to Idle on
 * reset. Any other event leaves the state as it is (the same object).
 */
export const RUN_STATUSES = ['idle', 'loading', 'success', 'error'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The events that start a run from Idle. */
export const RUN_START_EVENTS = ['search-similar-item', 'query-context-items', 'generate'] as const;
export type RunStartEventType = (typeof RUN_START_EVENTS)[number];

export const RUN_EVENT_TYPES = [
  ...RUN_START_EVENTS,
  'success',
  'error',
  'cancel',
  'validate',
  'reset',
] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

export type RunEvent =
  | { type: RunStartEventType }
  | { type: 'success'; result: string }
  | { type: 'error'; message: string }
  | { type: 'cancel' }
  | { type: 'validate' }
  | { type: 'reset' };

export interface RunState {
  status: RunStatus;
  /** What moved the run to Loading last (a start event, or validate). */
  phase: RunStartEventType | 'validate' | null;
  /** The answer of the last successful run (kept while validating). */
  result: string | null;
  /** The message of the failed run. */
  error: string | null;
}

export const INITIAL_RUN_STATE: RunState = { status: 'idle', phase: null, result: null, error: null };

const isStart = (type: RunEventType): type is RunStartEventType =>
  (RUN_START_EVENTS as readonly string[]).includes(type);

/** The pure reducer of the run state. */
export function runReducer(state: RunState, event: RunEvent): RunState {
  switch (state.status) {
    case 'idle':
      return isStart(event.type)
        ? { status: 'loading', phase: event.type, result: null, error: null }
        : state;
    case 'loading':
      if (event.type === 'success') return { ...state, status: 'success', result: event.result, error: null };
      if (event.type === 'error') return { ...state, status: 'error', error: event.message };
      if (event.type === 'cancel') return { ...state, status: 'error', error: RUN_CANCELLED_MESSAGE };
      return state;
    case 'success':
      if (event.type === 'validate') return { ...state, status: 'loading', phase: 'validate' };
      if (event.type === 'reset') return INITIAL_RUN_STATE;
      return state;
    case 'error':
      return event.type === 'reset' ? INITIAL_RUN_STATE : state;
  }
}

/** What a cancelled run shows (Loading → Error on cancel). */
export const RUN_CANCELLED_MESSAGE = 'The run was cancelled.';

/** Block validation status (spec 3 §4). */
export const BLOCK_VALIDATION_STATUSES = ['Pending', 'Validated', 'Failed'] as const;
export type BlockValidationStatus = (typeof BLOCK_VALIDATION_STATUSES)[number];

/** A result block; `validation` is absent for blocks that are not validated. */
export interface ValidatedBlock {
  validation?: BlockValidationStatus | null | undefined;
}

/**
 * All validations are resolved when every block with validation is Validated or Failed, or the run
 * is in Error, and the run is not Loading (spec 3 §4).
 */
export function allValidationsResolved(blocks: readonly ValidatedBlock[], status: RunStatus): boolean {
  if (status === 'loading') return false;
  if (status === 'error') return true;
  return blocks.every((block) => !block.validation || block.validation !== 'Pending');
}
