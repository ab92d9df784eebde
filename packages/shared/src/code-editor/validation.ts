/** Repair iterations: clamped to 1–5, default 2, kept in local storage (spec 3 §5, §9). */
export const REPAIR_ITERATIONS = { min: 1, max: 5, default: 2 } as const;

/** The default custom repair model of the admin tester: a Gemini flash preview (spec 3 §9). */
export const DEFAULT_CUSTOM_REPAIR_MODEL = 'google/gemini-2.5-flash-preview';

/** Local storage keys of the admin validation tester. */
export const VALIDATION_TESTER_STORAGE = {
  iterations: 'atelier.repair.iterations',
  customModel: 'atelier.repair.customModel',
} as const;

/** Clamps a repair iteration count to 1–5; anything not a number is the default 2. */
export function clampRepairIterations(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return REPAIR_ITERATIONS.default;
  return Math.min(REPAIR_ITERATIONS.max, Math.max(REPAIR_ITERATIONS.min, Math.round(n)));
}

/** The detectors of a validation run, in the order they run. */
export const VALIDATION_DETECTORS = [
  'typescript',
  'compile',
  'imports',
  'entity-schema',
  'model-review',
] as const;
export type ValidationDetectorId = (typeof VALIDATION_DETECTORS)[number];

/** The validation tester's texts (spec 3 §4, §5, §8). */
export const VALIDATION_MESSAGES = {
  validate: 'Validate',
  revalidate: 'Re-validate',
  tryRepair: 'Try Repair',
  rerepair: 'Re-repair',
  applying: 'Applying...',
  applied: 'Test Bundle Applied',
  /** Apply of a repair's candidate after the app changed (issue 21 §10). */
  appChangedSinceRepair:
    'The app changed since this repair started, so its result was not applied. Run the repair again on the current version.',
  runValidationFirst: 'Please run validation first and ensure there are issues to repair',
  validateFailed: 'Failed to validate',
  repairFailed: 'Failed to repair',
  repairFailedDefault: 'Failed to repair with default model',
  repairFailedCustom: 'Failed to repair with custom model',
  noIssues: 'No issues found',
} as const;
