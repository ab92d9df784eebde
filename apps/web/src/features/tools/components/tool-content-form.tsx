import type { Tool, ToolContentPatch } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { TextField } from '../../builder/panels/panel-fields.tsx';
import { useUpdateTool } from '../api.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const KEYS = [
  ['header', 'Header', false],
  ['description', 'Subheader', true],
  ['gptPrompt', 'Instructions', true],
  ['inputLabel', 'Input label', false],
  ['inputPlaceholder', 'Input placeholder', false],
  ['ctaMessage', 'Call to action message', true],
  ['ctaButton', 'Call to action button text', false],
  ['ctaLink', 'Call to action button link', false],
] as const;
type Key = (typeof KEYS)[number][0];

/** A generated app's tool: its own texts, instructions and call to action (saved with the tool). */
export function ToolContentForm({ appId, tool }: { appId: string; tool: Tool }) {
  const update = useUpdateTool(appId);
  const [values, setValues] = useState<Record<Key, string>>(
    () => Object.fromEntries(KEYS.map(([key]) => [key, str(tool.content?.[key])])) as Record<Key, string>,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const content: ToolContentPatch = {};
    for (const [key] of KEYS) content[key] = values[key] === '' ? null : values[key];
    try {
      await update.mutateAsync({ toolId: tool.toolId, content });
      toast.success('Tool saved');
    } catch (error) {
      toast.error(errorMessage(error) || 'Failed to save tool');
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-border p-4">
      {KEYS.map(([key, label, multiline]) => (
        <TextField
          key={key}
          label={label}
          multiline={multiline}
          value={values[key]}
          onChange={(value) => setValues((old) => ({ ...old, [key]: value }))}
        />
      ))}
      <Button type="submit" className="self-end" disabled={update.isPending}>
        Save tool
      </Button>
    </form>
  );
}
