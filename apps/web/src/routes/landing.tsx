import { useSession } from '../features/auth/hooks/use-session.ts';
import { APP_KIND_OPTIONS } from '../features/home/app-kinds.ts';
import { PromptBox } from '../features/home/components/prompt-box.tsx';
import { HealthStatus } from '../features/system/components/health-status.tsx';

/**
 * `/`: the product, the prompt box and the four kinds of app in a line each (issue 23 #27). The
 * server's status is for admins only: visitors do not need the database engine or version.
 */
export function LandingRoute() {
  const isAdmin = useSession().data?.user.isAdmin === true;
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
      <ul aria-label="Kinds of app" className="grid w-full gap-3 text-sm sm:grid-cols-2">
        {APP_KIND_OPTIONS.map((kind) => (
          <li key={kind.value} className="rounded-lg border border-border p-3">
            <span className="font-medium">{kind.label}</span>
            <span className="text-muted-foreground"> — {kind.description}</span>
          </li>
        ))}
      </ul>
      {isAdmin && <HealthStatus />}
    </div>
  );
}
