import { ArrowUpIcon } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { type AppKind, DEFAULT_APP_KIND, EXAMPLE_PROMPTS } from '../app-kinds.ts';
import { AppKindChooser } from './app-kind-chooser.tsx';

export const SIGN_IN_HINT = 'Sign-in is coming soon';

/**
 * The home prompt box. Starting a build needs an account, and sign-in does not exist yet, so
 * the submit button is shown but disabled with a visible hint saying why; nothing is sent.
 */
export function PromptBox() {
  const promptId = useId();
  const hintId = useId();
  const examplesLabelId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  const [kind, setKind] = useState<AppKind>(DEFAULT_APP_KIND);
  const canSubmit = false; // becomes "signed in and prompt not empty" once accounts exist

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  function fillExample(text: string) {
    setPrompt(text);
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(text.length, text.length);
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Start a new app" className="flex w-full flex-col gap-5">
      <div className="rounded-lg border border-border bg-card transition-colors focus-within:border-ring">
        <Label htmlFor={promptId} className="block px-4 pt-4 pb-1 font-medium text-sm">
          What do you want to build?
        </Label>
        <Textarea
          id={promptId}
          ref={textareaRef}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="Describe the app or tool, who it is for and what it should do…"
          rows={4}
          className="min-h-28 resize-none rounded-none border-0 bg-transparent px-4 py-2 text-[0.9375rem] leading-6 focus-visible:outline-none"
        />
        <div className="flex flex-wrap items-center justify-between gap-3 border-border border-t px-3 py-3">
          <AppKindChooser value={kind} onValueChange={setKind} />
          <div className="ml-auto flex items-center gap-3">
            <span id={hintId} className="text-muted-foreground text-xs">
              {SIGN_IN_HINT}
            </span>
            <Button type="submit" disabled={!canSubmit} aria-describedby={hintId}>
              Start building
              <ArrowUpIcon aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
      <div className="flex flex-col items-center gap-2">
        <span id={examplesLabelId} className="text-muted-foreground text-xs">
          Try an example
        </span>
        <ul aria-labelledby={examplesLabelId} className="flex flex-wrap justify-center gap-2">
          {EXAMPLE_PROMPTS.map((example) => (
            <li key={example.label}>
              <Button
                variant="outline"
                size="sm"
                className="rounded-full text-muted-foreground hover:text-foreground"
                onClick={() => fillExample(example.prompt)}
              >
                {example.label}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
