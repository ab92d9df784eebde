import { type AppSummary, fieldTag, RESERVED_FIELD_NAME } from '@atelier/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { fieldsStateOf } from '../fields-logic.ts';
import type { SavePatch } from '../save-queue.ts';

/** The element the Results layout entry scrolls to (spec 2 §2 "scrolls to the results editor"). */
export const RESULTS_EDITOR_ID = 'results-editor';

/**
 * Results layout (spec 2 §2): the results editor — the instructions the tool's results are written
 * from, with the tags of the main input and of each custom field to insert where the answer should
 * use them. Opening the entry scrolls to the editor and focuses it. Saved with the other panels.
 */
export function ResultsPanel({ app, save }: { app: AppSummary; save: (patch: SavePatch) => void }) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState(app.gptPrompt ?? '');
  const tags = [RESERVED_FIELD_NAME, ...fieldsStateOf(app.builder).fields.map((f) => f.name)].map(fieldTag);

  useEffect(() => {
    const editor = document.getElementById(RESULTS_EDITOR_ID);
    editor?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    area.current?.focus();
  }, []);

  const change = (value: string) => {
    setPrompt(value);
    save({ gptPrompt: value });
  };

  const insert = (tag: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? prompt.length;
    const end = el?.selectionEnd ?? prompt.length;
    change(prompt.slice(0, start) + tag + prompt.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };

  return (
    <section id={RESULTS_EDITOR_ID} aria-label="Results editor" className="flex scroll-mt-2 flex-col gap-2">
      <Label htmlFor={id}>Results instructions</Label>
      <Textarea
        ref={area}
        id={id}
        rows={10}
        value={prompt}
        placeholder="Describe the result to write for {input}…"
        onChange={(event) => change(event.target.value)}
      />
      <div className="flex flex-col gap-1">
        <p className="text-muted-foreground text-xs">Insert a tag where the result should use the input:</p>
        <ul aria-label="Field tags" className="flex flex-wrap gap-1">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="rounded border border-border px-1.5 py-0.5 font-mono text-xs hover:bg-accent"
                onClick={() => insert(tag)}
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
