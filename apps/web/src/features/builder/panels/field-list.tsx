import type { CustomField } from '@atelier/shared';
import { PlusIcon, TrashIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  addStep,
  deleteField,
  type FieldsState,
  moveField,
  neighbourOf,
  removeStep,
  renameStep,
  stepOfField,
  updateField,
} from '../fields-logic.ts';
import { FieldEditor } from './field-editor.tsx';
import { FIELD_DRAG_TYPE, FieldRow } from './field-row.tsx';

/** The fields, grouped by step when multi-step is on; each step has a title, and can be removed. */
export function FieldList(props: {
  appId: string;
  state: FieldsState;
  instructions: string | null;
  photoAllowed: boolean;
  onChange: (next: FieldsState) => void;
}) {
  const { state, onChange } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [rowError, setRowError] = useState<{ name: string; message: string } | null>(null);

  const rows = (fields: CustomField[]) =>
    fields.map((field) => (
      <FieldRow
        key={field.name}
        field={field}
        editing={editing === field.name}
        canMoveUp={neighbourOf(state, field.name, -1) !== undefined}
        canMoveDown={neighbourOf(state, field.name, 1) !== undefined}
        error={rowError?.name === field.name ? rowError.message : null}
        onMove={(direction) => {
          const other = neighbourOf(state, field.name, direction);
          if (other) onChange(moveField(state, field.name, other));
        }}
        onDropField={(from) => onChange(moveField(state, from, field.name))}
        onEdit={() => setEditing(editing === field.name ? null : field.name)}
        onDelete={() => {
          const outcome = deleteField(state, field.name, props.instructions);
          if (!outcome.ok) {
            setRowError({ name: field.name, message: outcome.error });
            return;
          }
          setRowError(null);
          onChange(outcome.value);
        }}
      >
        {editing === field.name && (
          <FieldEditor
            appId={props.appId}
            field={field}
            steps={state.isMultiStep ? state.steps : null}
            photoAllowed={props.photoAllowed}
            onChange={(patch) => onChange(updateField(state, field.name, patch))}
          />
        )}
      </FieldRow>
    ));

  if (state.fields.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">No custom fields yet. Type a name below and add one.</p>
    );
  }
  if (!state.isMultiStep || state.steps.length === 0) {
    return (
      <ul aria-label="Custom fields" className="flex flex-col gap-1.5">
        {rows(state.fields)}
      </ul>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {state.steps.map((step, index) => {
        const fields = state.fields.filter((f) => stepOfField(state, f) === step.id);
        const title = step.title || `Step ${index + 1}`;
        return (
          <section
            key={step.id}
            aria-label={title}
            data-step={step.id}
            className="flex flex-col gap-1.5 rounded-md bg-muted/40 p-2"
            onDragOver={(event) => {
              if (event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) event.preventDefault();
            }}
            onDrop={(event) => {
              const from = event.dataTransfer.getData(FIELD_DRAG_TYPE);
              if (from) onChange(updateField(state, from, { stepId: step.id }));
            }}
          >
            <div className="flex items-center gap-1">
              <Input
                aria-label={`Step ${index + 1} title`}
                value={step.title}
                className="h-8"
                onChange={(event) => onChange(renameStep(state, step.id, event.target.value))}
              />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${title}`}
                disabled={state.steps.length <= 1}
                onClick={() => onChange(removeStep(state, step.id))}
              >
                <TrashIcon aria-hidden="true" />
              </Button>
            </div>
            <ul aria-label={`Fields of ${title}`} className="flex min-h-8 flex-col gap-1.5">
              {rows(fields)}
            </ul>
          </section>
        );
      })}
      <Button variant="outline" size="sm" className="self-start" onClick={() => onChange(addStep(state))}>
        <PlusIcon aria-hidden="true" />
        Add step
      </Button>
    </div>
  );
}
