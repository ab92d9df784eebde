import { CODE_EDITOR_MESSAGES, DIFF_MESSAGES, type DiffItem } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { codeEditorApi } from '../api.ts';
import { mergeableItems, mergeSuccessMessage } from '../merge-messages.ts';

/** Diff merge states (spec 3 §4). */
export type MergeState = 'idle' | 'loading' | 'merging';

export interface MergeBarProps {
  appId: string;
  items: DiffItem[];
  sourceName: string;
  onMerged: () => void;
}

/** Choose added/modified files of another app and merge them into this app as one version. */
export function MergeBar({ appId, items, sourceName, onMerged }: MergeBarProps) {
  const mergeable = mergeableItems(items);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(mergeable.map((i) => i.path)));
  const [description, setDescription] = useState('');
  const [state, setState] = useState<MergeState>('idle');
  const key = mergeable.map((i) => i.path).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: reselect everything when the comparison changes
  useEffect(() => setSelected(new Set(mergeable.map((i) => i.path))), [key]);

  const toggle = (path: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const merge = async () => {
    if (items.length === 0) {
      toast.error(CODE_EDITOR_MESSAGES.noChangesToMerge);
      return;
    }
    const files = mergeable.filter((i) => selected.has(i.path));
    if (files.length === 0) {
      toast.error(CODE_EDITOR_MESSAGES.noFilesToMerge);
      return;
    }
    setState('merging');
    try {
      const result = await codeEditorApi.merge(appId, {
        files: files.map((f) => ({ path: f.path, content: f.newCode, status: f.status })),
        description: description.trim() || `Merged ${files.length} files from ${sourceName}`,
      });
      const failed = result.deploymentIssues.length;
      toast.success(mergeSuccessMessage(result), {
        description: failed > 0 ? CODE_EDITOR_MESSAGES.functionsFailed(failed) : undefined,
      });
      setDescription('');
      onMerged();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message
          ? DIFF_MESSAGES.mergeFailedWith(error.message)
          : CODE_EDITOR_MESSAGES.mergeFailed,
      );
    } finally {
      setState('idle');
    }
  };

  return (
    <div className="space-y-2 border-t pt-3 text-sm">
      <fieldset className="max-h-32 overflow-auto">
        <legend className="font-medium">Files to merge from {sourceName}</legend>
        {mergeable.length === 0 ? (
          <p className="text-muted-foreground text-xs">{CODE_EDITOR_MESSAGES.noFilesToMerge}</p>
        ) : null}
        {mergeable.map((item) => (
          <label key={item.path} className="flex items-center gap-2 font-mono text-xs">
            <input type="checkbox" checked={selected.has(item.path)} onChange={() => toggle(item.path)} />
            {item.path} <span className="text-muted-foreground">({item.status})</span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-2">
        <Input
          aria-label="Merge description"
          placeholder="Describe the merge"
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
          className="h-8"
        />
        <Button size="sm" disabled={state !== 'idle'} onClick={() => void merge()}>
          {state === 'merging' ? 'Merging…' : `Merge ${selected.size} files`}
        </Button>
      </div>
    </div>
  );
}
