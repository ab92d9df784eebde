import {
  type CustomField,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  FILTER_CONDITIONS,
  type FieldType,
  type InputStep,
  OPTION_FIELD_TYPES,
  planLimitMessage,
} from '@atelier/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Label } from '../../../components/ui/label.tsx';
import { upgradeLink } from '../../plans/hooks/use-upgrade-dialog.ts';
import { FieldOptionsEditor } from './field-options-editor.tsx';
import { TextField, ToggleField } from './panel-fields.tsx';

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring';

/**
 * One field's settings (spec 1 §3): label, type (photo not offered on lite: an upgrade prompt
 * instead), required / personal / memorize, step, instructions, filter condition, options.
 */
export function FieldEditor(props: {
  appId: string;
  field: CustomField;
  steps: InputStep[] | null;
  photoAllowed: boolean;
  onChange: (patch: Partial<CustomField>) => void;
}) {
  const { field, onChange } = props;
  const typeId = useId();
  const stepId = useId();
  const filterId = useId();
  const photoLocked = !props.photoAllowed && field.type !== 'photo';
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-2">
      <p className="text-muted-foreground text-xs">
        Tag: <code>{`{${field.name}}`}</code>
      </p>
      <TextField label="Label" value={field.label ?? ''} onChange={(label) => onChange({ label })} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={typeId}>Type</Label>
        <select
          id={typeId}
          className={selectClass}
          value={field.type}
          onChange={(event) => onChange({ type: event.target.value as FieldType })}
        >
          {FIELD_TYPES.map((type) => (
            <option key={type} value={type} disabled={type === 'photo' && photoLocked}>
              {FIELD_TYPE_LABELS[type]}
              {type === 'photo' && photoLocked ? ' (paid plans)' : ''}
            </option>
          ))}
        </select>
        {photoLocked && (
          <p className="text-muted-foreground text-xs">
            {planLimitMessage('photoFields', 'lite', 0)}{' '}
            <Link to={upgradeLink()} className="underline">
              Upgrade
            </Link>
          </p>
        )}
      </div>
      <ToggleField
        label="Required"
        checked={field.required === true}
        onChange={(required) => onChange({ required })}
      />
      <ToggleField
        label="Personal"
        hint="Personal information of the user"
        checked={field.personal === true}
        onChange={(personal) => onChange({ personal })}
      />
      <ToggleField
        label="Memorize"
        hint="Remember the user's answer for the next run"
        checked={field.memorize === true}
        onChange={(memorize) => onChange({ memorize })}
      />
      {props.steps && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={stepId}>Step</Label>
          <select
            id={stepId}
            className={selectClass}
            value={field.stepId ?? props.steps[0]?.id ?? ''}
            onChange={(event) => onChange({ stepId: event.target.value })}
          >
            {props.steps.map((step, index) => (
              <option key={step.id} value={step.id}>
                {step.title || `Step ${index + 1}`}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label="Instructions"
        multiline
        value={field.instructions ?? ''}
        onChange={(instructions) => onChange({ instructions: instructions || null })}
      />
      {field.type === 'tool_item_select' && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={filterId}>Filter condition</Label>
          <select
            id={filterId}
            className={selectClass}
            value={field.filterCondition ?? 'none'}
            onChange={(event) =>
              onChange({ filterCondition: event.target.value as (typeof FILTER_CONDITIONS)[number] })
            }
          >
            {FILTER_CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {condition}
              </option>
            ))}
          </select>
        </div>
      )}
      {OPTION_FIELD_TYPES.has(field.type) && (
        <FieldOptionsEditor
          appId={props.appId}
          field={field}
          onChange={(next) => onChange({ options: next.options })}
        />
      )}
    </div>
  );
}
