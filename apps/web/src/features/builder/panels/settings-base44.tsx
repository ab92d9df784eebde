import { CopyIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';

/** The `createClient` call an exported Base44 app needs to use this app as its backend. */
export const base44ClientSnippet = (serverUrl: string, appId: string) =>
  `createClient({ serverUrl: '${serverUrl}', appId: '${appId}' })`;

/**
 * "Use with Base44 apps" (docs/base44.md): the serverUrl and appId an app exported from Base44
 * puts in `@base44/sdk`'s createClient to keep its code and use this app's data, users and
 * functions. The server is the address the builder is open at (it serves the API).
 */
export function Base44Settings({ appId }: { appId: string }) {
  const headingId = useId();
  const serverUrl = window.location.origin;
  const snippet = base44ClientSnippet(serverUrl, appId);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-border border-t pt-4">
      <h3 id={headingId} className="font-medium text-sm">
        Use with Base44 apps
      </h3>
      <p className="text-muted-foreground text-xs">
        An app exported from Base44 can run on this app's data, users and functions without code changes:
        create its <code>@base44/sdk</code> client with these values.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">serverUrl</dt>
        <dd className="break-all font-mono">{serverUrl}</dd>
        <dt className="text-muted-foreground">appId</dt>
        <dd className="break-all font-mono">{appId}</dd>
      </dl>
      <div className="flex items-start gap-2">
        <pre className="min-w-0 flex-1 overflow-x-auto rounded-md bg-muted p-2 text-xs">
          <code>{snippet}</code>
        </pre>
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Copy the createClient call"
          onClick={() =>
            void navigator.clipboard?.writeText(snippet).then(() => toast.success('createClient call copied'))
          }
        >
          <CopyIcon aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
