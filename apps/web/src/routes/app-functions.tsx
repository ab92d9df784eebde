import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { FunctionsPanel } from '../features/functions/components/functions-panel.tsx';
import { RedeployDialog } from '../features/functions/components/redeploy-dialog.tsx';
import { SecretsEditor } from '../features/secrets/components/secrets-editor.tsx';

/** `/apps/{appId}/functions`: backend functions and secrets of one app (until the code editor hosts them). */
export function AppFunctionsRoute() {
  const { appId = '' } = useParams();
  const [affected, setAffected] = useState<string[]>([]);
  const secrets = useRef<HTMLDivElement>(null);
  const manageSecrets = () => {
    secrets.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    secrets.current?.querySelector<HTMLInputElement>('input')?.focus();
  };
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 p-6 lg:grid-cols-2">
      <FunctionsPanel appId={appId} onManageSecrets={manageSecrets} />
      <div ref={secrets} className="min-w-0">
        <SecretsEditor appId={appId} onAffectedFunctions={setAffected} />
      </div>
      <RedeployDialog appId={appId} names={affected} onClose={() => setAffected([])} />
    </main>
  );
}
