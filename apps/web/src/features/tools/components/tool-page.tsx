import {
  INITIAL_RUN_STATE,
  type PublicTool,
  type PublicToolField,
  runReducer,
  TOOL_MESSAGES,
  type ToolFieldValue,
  type ToolRunProblem,
  toolRunProblem,
} from '@atelier/shared';
import { type CSSProperties, type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { runTool, usePublicTool } from '../api.ts';
import { bearer, useEndUserSession, useMemories } from '../end-user-session.ts';
import { prefillMemorized } from '../prefill.ts';
import { ToolEndUser } from './tool-end-user.tsx';
import { ToolFieldInput } from './tool-field-input.tsx';
import { ToolResult } from './tool-result.tsx';

export const TOOL_PREVIEW_RUN_HINT = 'Activate the tool to run it here.';

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The steps of the form: the tool's input steps when multi-step, else one step with everything. */
function stepsOf(tool: PublicTool): { id: string; title: string; fields: PublicToolField[] }[] {
  if (!tool.isMultiStepInput || tool.inputSteps.length === 0)
    return [{ id: 'all', title: '', fields: tool.fields }];
  const ids = new Set(tool.inputSteps.map((step) => step.id));
  return tool.inputSteps.map((step, index) => ({
    ...step,
    fields: tool.fields.filter((field) =>
      field.stepId && ids.has(field.stepId) ? field.stepId === step.id : index === 0,
    ),
  }));
}

/**
 * `/tool/{path}` (or `/app/{appId}/tool/{toolPath}`, with `appId`): a live tool with its app's
 * branding, its typed form, the run and the call to action.
 */
export function ToolPage({ path, appId }: { path: string; appId?: string | undefined }) {
  const tool = usePublicTool(path, appId);
  if (tool.isError) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <h1 className="font-semibold text-xl">{errorMessage(tool.error)}</h1>
      </main>
    );
  }
  if (!tool.data) {
    return (
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-16">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
      </main>
    );
  }
  return <ToolRunner tool={tool.data} underAppBase={appId !== undefined} />;
}

/**
 * A tool's page. `preview`: the builder's live preview of a tool that is not active yet — the form
 * renders as visitors will see it, and Run explains that the tool must be activated first.
 */
export function ToolRunner({
  tool,
  underAppBase,
  preview = false,
  embedded = false,
}: {
  tool: PublicTool;
  underAppBase: boolean;
  preview?: boolean;
  /** Shown inside another page (the builder's preview): no main landmark, an h2 title. */
  embedded?: boolean;
}) {
  const Main = embedded ? 'div' : 'main';
  const Title = embedded ? 'h2' : 'h1';
  const style = tool.style;
  const buttonStyle: CSSProperties = {
    backgroundColor: str(style.buttonBackgroundColor),
    color: str(style.buttonTextColor),
  };
  const pageStyle: CSSProperties = {
    backgroundColor: str(style.background),
    backgroundImage: str(style.backgroundImage) ? `url(${str(style.backgroundImage)})` : undefined,
    backgroundSize: 'cover',
  };
  const dark = style.styleName === 'dark';
  const [run, dispatch] = useReducer(runReducer, INITIAL_RUN_STATE);
  const [input, setInput] = useState('');
  const [values, setValues] = useState<Record<string, ToolFieldValue>>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [inputOpen, setInputOpen] = useState(!tool.texts.isInputCollapsed);
  /** What stops the run, said at its field before anything is sent (issue 23 #26). */
  const [problem, setProblem] = useState<ToolRunProblem | null>(null);
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();
  const endUser = useEndUserSession(tool.appId);
  const memories = useMemories(tool.appId, endUser.session);
  const { forget } = endUser;

  // A session the server no longer knows (expired, revoked): signed out here too.
  useEffect(() => {
    if (memories.error && 'status' in memories.error && memories.error.status === 401) forget();
  }, [memories.error, forget]);

  // Memorized fields start with the signed-in end user's last answers (never over a typed value).
  useEffect(() => {
    const remembered = memories.data?.memories;
    if (remembered) setValues((old) => prefillMemorized(tool.fields, old, remembered));
  }, [memories.data, tool.fields]);
  const steps = stepsOf(tool);
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? steps[0]!;
  const isLast = stepIndex >= steps.length - 1;
  const showMainInput = !tool.texts.isInputHidden && stepIndex === 0;

  const start = async () => {
    if (preview) {
      dispatch({ type: 'generate' });
      dispatch({ type: 'error', message: TOOL_PREVIEW_RUN_HINT });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    dispatch({ type: 'generate' });
    try {
      const answer = await runTool(
        tool.path,
        { ...(tool.texts.isInputHidden ? {} : { input }), values },
        {
          signal: controller.signal,
          appId: underAppBase ? tool.appId : undefined,
          headers: bearer(endUser.session),
        },
      );
      // The memorized answers just kept by the server are the ones to prefill next time.
      if (endUser.session) void memories.refetch();
      dispatch({ type: 'success', result: answer.output });
    } catch (error) {
      if (controller.signal.aborted) dispatch({ type: 'cancel' });
      else dispatch({ type: 'error', message: errorMessage(error) || TOOL_MESSAGES.runFailed });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isLast) return setStepIndex(stepIndex + 1);
    const found = toolRunProblem(tool.fields, values, tool.texts.isInputHidden ? undefined : input);
    setProblem(found);
    if (!found) return void start();
    // Back to the step that holds the field (the main input is on the first), opened.
    const at = steps.findIndex((s) => s.fields.some((field) => field.name === found.field));
    setStepIndex(found.field === 'input' ? 0 : Math.max(at, 0));
    if (found.field === 'input') setInputOpen(true);
  };

  const retry = () => {
    dispatch({ type: 'reset' });
    void start();
  };

  return (
    <div style={pageStyle} className={dark ? 'dark min-h-dvh bg-background text-foreground' : 'min-h-dvh'}>
      <Main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12">
        <ToolEndUser
          appName={tool.header ?? tool.title}
          session={endUser.session}
          signupEnabled={tool.signupEnabled}
          onSignIn={endUser.login}
          onSignOut={() => {
            void endUser.logout();
          }}
        />
        <header className="flex flex-col gap-2 text-center">
          {str(style.logoUrl) && <img src={str(style.logoUrl)} alt="" className="mx-auto h-12 w-auto" />}
          <Title className="font-semibold text-3xl" style={{ color: str(style.headerTextColor) }}>
            {tool.header ?? tool.title}
          </Title>
          {tool.description && (
            <p className="text-muted-foreground" style={{ color: str(style.subheaderTextColor) }}>
              {tool.description}
            </p>
          )}
          {tool.texts.welcomeMessage && <p className="text-sm">{tool.texts.welcomeMessage}</p>}
        </header>

        {run.status === 'idle' && (
          <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5">
            {steps.length > 1 && (
              <p className="text-muted-foreground text-xs">
                Step {stepIndex + 1} of {steps.length}
                {step.title ? `: ${step.title}` : ''}
              </p>
            )}
            {showMainInput &&
              (inputOpen ? (
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={inputId}>{tool.texts.inputLabel ?? 'Your input'}</Label>
                  <Textarea
                    id={inputId}
                    rows={3}
                    value={input}
                    placeholder={tool.texts.inputPlaceholder ?? undefined}
                    aria-invalid={problem?.field === 'input' ? true : undefined}
                    aria-describedby={problem?.field === 'input' ? `${inputId}-error` : undefined}
                    onChange={(event) => {
                      setInput(event.target.value);
                      if (problem) setProblem(null);
                    }}
                  />
                  {problem?.field === 'input' && (
                    <p id={`${inputId}-error`} role="alert" className="text-destructive text-sm">
                      {problem.message}
                    </p>
                  )}
                  {tool.texts.examples.length > 0 && (
                    <div className="flex flex-wrap gap-2">
                      {tool.texts.examples.map((example) => (
                        <Button
                          key={example}
                          type="button"
                          variant="outline"
                          size="sm"
                          onClick={() => setInput(example)}
                        >
                          {example}
                        </Button>
                      ))}
                    </div>
                  )}
                </div>
              ) : (
                <Button
                  type="button"
                  variant="ghost"
                  className="self-start"
                  onClick={() => setInputOpen(true)}
                >
                  {tool.texts.inputLabel ?? 'Add more details'}
                </Button>
              ))}
            {step.fields.map((field) => (
              <ToolFieldInput
                key={field.name}
                field={field}
                value={values[field.name]}
                accent={str(style.buttonBackgroundColor)}
                error={problem?.field === field.name ? problem.message : null}
                onChange={(value) => {
                  setValues((old) => ({ ...old, [field.name]: value }));
                  if (problem) setProblem(null);
                }}
              />
            ))}
            <div className="flex justify-between gap-2">
              {stepIndex > 0 ? (
                <Button type="button" variant="outline" onClick={() => setStepIndex(stepIndex - 1)}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              {problem?.field === 'input' && tool.texts.isInputHidden && (
                <p role="alert" className="self-center text-destructive text-sm">
                  {problem.message}
                </p>
              )}
              <Button type="submit" style={buttonStyle}>
                {isLast ? 'Run' : 'Next'}
              </Button>
            </div>
          </form>
        )}

        {run.status === 'loading' && (
          <section
            aria-live="polite"
            aria-busy="true"
            className="flex flex-col gap-3 rounded-lg border border-border p-5"
          >
            <p className="text-sm">Working on it…</p>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Button variant="outline" size="sm" className="self-start" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          </section>
        )}

        {run.status === 'error' && (
          <section role="alert" className="flex flex-col gap-3 rounded-lg border border-destructive/50 p-5">
            <p className="text-destructive text-sm">{run.error}</p>
            <div className="flex gap-2">
              <Button onClick={retry} style={buttonStyle}>
                Retry
              </Button>
              <Button variant="outline" onClick={() => dispatch({ type: 'reset' })}>
                Change inputs
              </Button>
            </div>
          </section>
        )}

        {run.status === 'success' && run.result !== null && (
          <section
            aria-label="Result"
            className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5"
          >
            <ToolResult text={run.result} />
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => {
                dispatch({ type: 'reset' });
                setStepIndex(0);
              }}
            >
              Start over
            </Button>
          </section>
        )}

        {run.status === 'success' && (tool.cta.message || (tool.cta.button && tool.cta.link)) && (
          <aside
            aria-label="Call to action"
            className="flex flex-col items-center gap-3 rounded-lg border border-border p-5 text-center"
          >
            {tool.cta.message && <p>{tool.cta.message}</p>}
            {tool.cta.button && tool.cta.link && (
              <Button asChild style={buttonStyle}>
                <a href={tool.cta.link} target="_blank" rel="noopener noreferrer">
                  {tool.cta.button}
                </a>
              </Button>
            )}
          </aside>
        )}
      </Main>
    </div>
  );
}
