import { type AppSummary, MAX_INPUT_EXAMPLES } from '@atelier/shared';
import { useState } from 'react';
import type { SavePatch } from '../save-queue.ts';
import { TextField, ToggleField } from './panel-fields.tsx';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Texts panel (spec 2 §2): header, subheader, input options, welcome message, up to 3 examples. */
export function TextsPanel({ app, save }: { app: AppSummary; save: (patch: SavePatch) => void }) {
  const b = app.builder;
  const [header, setHeader] = useState(app.header ?? '');
  const [description, setDescription] = useState(app.description ?? '');
  const [isInputHidden, setHidden] = useState(b.isInputHidden === true);
  const [inputLabel, setInputLabel] = useState(str(b.inputLabel));
  const [inputPlaceholder, setPlaceholder] = useState(str(b.inputPlaceholder));
  const [isInputCollapsed, setCollapsed] = useState(b.isInputCollapsed === true);
  const [welcomeMessage, setWelcome] = useState(str(b.welcomeMessage));
  const initialExamples = Array.isArray(b.examples) ? b.examples.map(str) : [];
  const [examples, setExamples] = useState<string[]>(
    Array.from({ length: MAX_INPUT_EXAMPLES }, (_, i) => initialExamples[i] ?? ''),
  );
  const hasFields = Array.isArray(b.fields) && b.fields.length > 0;

  const setExample = (index: number, value: string) => {
    const next = examples.map((example, i) => (i === index ? value : example));
    setExamples(next);
    save({ examples: next.filter((example) => example.trim() !== '') });
  };

  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Header"
        value={header}
        onChange={(v) => {
          setHeader(v);
          save({ header: v });
        }}
      />
      <TextField
        label="Subheader"
        value={description}
        multiline
        onChange={(v) => {
          setDescription(v);
          save({ description: v });
        }}
      />
      {app.type !== 'GEN_APP' && (
        <ToggleField
          label="Hide main input"
          checked={isInputHidden}
          onChange={(v) => {
            setHidden(v);
            save({ isInputHidden: v });
          }}
        />
      )}
      <TextField
        label="Input label"
        value={inputLabel}
        onChange={(v) => {
          setInputLabel(v);
          save({ inputLabel: v });
        }}
      />
      <TextField
        label="Input placeholder"
        value={inputPlaceholder}
        onChange={(v) => {
          setPlaceholder(v);
          save({ inputPlaceholder: v });
        }}
      />
      <ToggleField
        label="Collapse main input"
        checked={isInputCollapsed}
        disabled={!hasFields || isInputHidden}
        hint={hasFields ? undefined : 'Add a custom field to collapse the main input'}
        onChange={(v) => {
          setCollapsed(v);
          save({ isInputCollapsed: v });
        }}
      />
      <TextField
        label="Welcome message"
        value={welcomeMessage}
        multiline
        onChange={(v) => {
          setWelcome(v);
          save({ welcomeMessage: v });
        }}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 font-medium text-sm">Input examples</legend>
        {examples.map((example, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the three example slots are fixed
            key={index}
            label={`Example ${index + 1}`}
            value={example}
            onChange={(v) => setExample(index, v)}
          />
        ))}
      </fieldset>
    </div>
  );
}
