import { PromptBox } from '../features/home/components/prompt-box.tsx';
import { HealthStatus } from '../features/system/components/health-status.tsx';

export function LandingRoute() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-10 px-4 pt-20 pb-16 sm:pt-28">
      <div className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-balance font-semibold text-3xl tracking-tight sm:text-4xl">
          Build AI apps and tools from a chat
        </h1>
        <p className="max-w-lg text-balance text-base text-muted-foreground">
          Describe what you need. Atelier drafts the app, you refine it in conversation, and you publish when
          it is right.
        </p>
      </div>
      <PromptBox />
      <HealthStatus />
    </div>
  );
}
