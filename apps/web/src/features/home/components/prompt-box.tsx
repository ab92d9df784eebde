import { appNameFromPrompt } from '@atelier/shared';
import { ArrowUpIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useCreateApp } from '../../apps/api.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { type AppKind, appTypeOfKind, DEFAULT_APP_KIND, EXAMPLE_PROMPTS } from '../app-kinds.ts';
import { savePendingPrompt, takePendingPrompt } from '../pending-prompt.ts';
import { AppKindChooser } from './app-kind-chooser.tsx';

export const SIGN_IN_HINT = 'Sign in to start building';

/**
 * The prompt box of the landing page and /home. Signed in, it creates an app of the chosen kind
 * named after the prompt and opens the builder with the prompt (state `prompt`), which the builder
 * sends as the first chat message. Signed out, it keeps the prompt (pending-prompt.ts) and sends to
 * sign-up and back to /home, where the signed-in prompt box starts the build with it.
 * Enter sends; Shift+Enter makes a new line.
 */
export function PromptBox() {
  const navigate = useNavigate();
  const session = useSession();
  const create = useCreateApp();
  const [failure, setFailure] = useState<string | null>(null);
  const signedIn = Boolean(session.data?.user);
  const promptId = useId();
  const hintId = useId();
  const examplesLabelId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  const [kind, setKind] = useState<AppKind>(DEFAULT_APP_KIND);
  const canSubmit = !create.isPending && (!signedIn || prompt.trim().length > 0);

  const { mutateAsync } = create;
  const start = useCallback(
    async (text: string, appKind: AppKind) => {
      setFailure(null);
      try {
        const app = await mutateAsync({
          name: appNameFromPrompt(text),
          type: appTypeOfKind(appKind),
          prompt: text,
        });
        navigate(`/build/app/${app.id}`, { state: { prompt: text } });
      } catch (error) {
        // Nothing is lost: the prompt stays in the box to send again.
        setPrompt(text);
        setKind(appKind);
        setFailure(errorMessage(error));
      }
    },
    [mutateAsync, navigate],
  );

  // Back from sign-up with a prompt typed before it: start the build with it (taken once).
  useEffect(() => {
    if (!signedIn) return;
    const pending = takePendingPrompt();
    if (!pending) return;
    setPrompt(pending.prompt);
    setKind(pending.kind);
    void start(pending.prompt.trim(), pending.kind);
  }, [signedIn, start]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = prompt.trim();
    if (!signedIn) {
      if (text) savePendingPrompt(text, kind);
      navigate(`/signup?redirectTo=${encodeURIComponent('/home')}`);
      return;
    }
    if (!text || create.isPending) return;
    await start(text, kind);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSubmit) event.currentTarget.form?.requestSubmit();
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
          onKeyDown={handleKeyDown}
          placeholder="Describe the app or tool, who it is for and what it should do…"
          rows={4}
          className="min-h-28 resize-none rounded-none border-0 bg-transparent px-4 py-2 text-[0.9375rem] leading-6 focus-visible:outline-none"
        />
        <div className="flex flex-wrap items-center justify-between gap-3 border-border border-t px-3 py-3">
          <AppKindChooser value={kind} onValueChange={setKind} />
          <div className="ml-auto flex items-center gap-3">
            {failure ? (
              <span id={hintId} role="alert" className="text-destructive text-xs">
                {failure}
              </span>
            ) : (
              !signedIn && (
                <span id={hintId} className="text-muted-foreground text-xs">
                  {SIGN_IN_HINT}
                </span>
              )
            )}
            <Button type="submit" disabled={!canSubmit} aria-describedby={hintId}>
              {create.isPending ? 'Creating…' : 'Start building'}
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
