import { type AppSummary, type CustomField, FIELD_MESSAGES, isPlanId, limitsFor } from '@atelier/shared';
import { SparklesIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { magicCreate } from '../fields-api.ts';
import {
  addField,
  addMagicField,
  type FieldsState,
  fieldsStateOf,
  type Outcome,
  setMultiStep,
} from '../fields-logic.ts';
import type { SavePatch } from '../save-queue.ts';
import { FieldList } from './field-list.tsx';
import { ToggleField } from './panel-fields.tsx';

const SPEC_MESSAGES = new Set<string>([
  FIELD_MESSAGES.reservedName,
  FIELD_MESSAGES.fieldExistsTryAnother,
  FIELD_MESSAGES.magicNameMissing,
  FIELD_MESSAGES.magicEditFailed,
  FIELD_MESSAGES.maxFields(),
]);

/**
 * Custom fields panel (spec 2 §2, §5): the Multi step toggle (disabled without fields) and its
 * steps, the field list (drag or move up/down, edit, delete — refused while the field's tag is in
 * the app instructions), and adding a field by name or by magic create. Saves are debounced.
 */
export function FieldsPanel({
  app,
  save,
  plan,
  isAdmin,
}: {
  app: AppSummary;
  save: (patch: SavePatch) => void;
  plan: string;
  isAdmin: boolean;
}) {
  const nameId = useId();
  const [state, setState] = useState<FieldsState>(() => fieldsStateOf(app.builder));
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [magicBusy, setMagicBusy] = useState(false);
  const photoAllowed = isAdmin || (isPlanId(plan) && limitsFor(plan).photoFields);

  const apply = (next: FieldsState) => {
    const patch: SavePatch = {};
    if (next.fields !== state.fields) patch.fields = next.fields;
    if (next.steps !== state.steps) patch.inputSteps = next.steps;
    if (next.isMultiStep !== state.isMultiStep) patch.isMultiStepInput = next.isMultiStep;
    setState(next);
    if (Object.keys(patch).length > 0) save(patch);
  };
  const applyOutcome = (outcome: Outcome<FieldsState>): boolean => {
    if (!outcome.ok) {
      setError(outcome.error);
      return false;
    }
    setError(null);
    apply(outcome.value);
    return true;
  };

  const add = () => {
    if (applyOutcome(addField(state, draft))) setDraft('');
  };

  const magic = async () => {
    if (draft.trim() === '') {
      setError(FIELD_MESSAGES.magicNameMissing);
      return;
    }
    setMagicBusy(true);
    setError(null);
    try {
      const answer = await magicCreate({
        input: draft.trim(),
        magicType: 'field',
        prompt: app.gptPrompt ?? undefined,
        appId: app.id,
      });
      if (applyOutcome(addMagicField(state, answer.result.field as CustomField))) setDraft('');
    } catch (cause) {
      const message = cause instanceof ApiError ? cause.message : '';
      setError(SPEC_MESSAGES.has(message) ? message : FIELD_MESSAGES.createFailed);
    } finally {
      setMagicBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ToggleField
        label="Multi step"
        checked={state.isMultiStep}
        disabled={state.fields.length === 0}
        hint={state.fields.length === 0 ? 'Add a field to split the input into steps' : undefined}
        onChange={(on) => apply(setMultiStep(state, on))}
      />
      <FieldList
        appId={app.id}
        state={state}
        instructions={app.gptPrompt}
        photoAllowed={photoAllowed}
        onChange={apply}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={nameId}>Field name</Label>
        <Input
          id={nameId}
          value={draft}
          placeholder="e.g. Travel style"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <div className="flex gap-2">
          <Button size="sm" onClick={add}>
            Add field
          </Button>
          <Button size="sm" variant="outline" disabled={magicBusy} onClick={() => void magic()}>
            <SparklesIcon aria-hidden="true" />
            {magicBusy ? 'Creating…' : 'Magic create'}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-destructive text-xs">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
