import type { Base44ImportReport } from '@atelier/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';

const RULES_LABEL: Record<Base44ImportReport['entities'][number]['rules'], string> = {
  translated: 'Base44 rules kept',
  default: 'only the creator (no rules in the export)',
  dropped: 'rules not usable: only the creator',
};

type ImportedFunction = Base44ImportReport['functions'][number];

const FUNCTION_STATUS: Record<ImportedFunction['status'], string> = {
  built: 'Built',
  failed: 'Does not build',
  'needs-secrets': 'Needs secrets',
  imported: 'Not built yet',
  skipped: 'Not imported',
};

function FunctionItem({ fn, app }: { fn: ImportedFunction; app: string }) {
  return (
    <li className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{fn.name}</span>
        <Badge
          variant={fn.status === 'failed' ? 'destructive' : fn.status === 'built' ? 'secondary' : 'outline'}
        >
          {FUNCTION_STATUS[fn.status]}
        </Badge>
        {fn.status === 'skipped' ? (
          <span className="text-muted-foreground">{fn.reason}</span>
        ) : (
          <Link
            className="text-primary underline-offset-4 hover:underline"
            to={`${app}/code?file=${encodeURIComponent(fn.path)}`}
            aria-label={`Open ${fn.name} in the code editor`}
          >
            {fn.path}
          </Link>
        )}
      </span>
      {fn.status === 'needs-secrets' && (fn.missingSecrets ?? []).length > 0 && (
        <span className="text-muted-foreground">
          Runs without {fn.missingSecrets?.join(', ')} (read as unset): set them, then redeploy it.
        </span>
      )}
      {(fn.scheduledAutomations ?? []).length > 0 && (
        <span className="text-muted-foreground">
          Scheduled: {fn.scheduledAutomations?.join(', ')} (runs on its schedule once deployed)
        </span>
      )}
      {(fn.ignoredAutomations ?? []).length > 0 && (
        <span className="text-muted-foreground">
          Not run in Atelier (automation types it does not know): {fn.ignoredAutomations?.join(', ')}
        </span>
      )}
      {fn.status === 'failed' && fn.error && (
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-destructive text-xs">
          {fn.error}
        </pre>
      )}
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1.5">
      <h3 className="font-medium text-sm">{title}</h3>
      {children}
    </section>
  );
}

/**
 * What an import of an exported Base44 app brought in, translated and left for the builder, with
 * links into the builder (database, code editor with functions and secrets).
 */
export function ImportReport({ appId, report }: { appId: string; report: Base44ImportReport }) {
  const app = `/build/app/${encodeURIComponent(appId)}`;
  const onDemand = report.packages.filter((item) => item.status === 'on-demand');
  const guessed = report.entities.filter((entity) => entity.inferred);
  const failed = report.functions.filter((fn) => fn.status === 'failed');
  const copied = (report.storageFiles ?? []).filter((file) => file.fileUrl);
  const reasons = new Map((report.storageFiles ?? []).map((file) => [file.url, file.reason]));
  const unsetEnv = report.unsetEnv ?? [];
  const agents = report.agents ?? [];
  const needsBuilder =
    report.secrets.length > 0 ||
    unsetEnv.length > 0 ||
    failed.length > 0 ||
    guessed.length > 0 ||
    report.entities.some((entity) => entity.rules !== 'translated') ||
    report.entityErrors.length > 0 ||
    report.storageUrls.length > 0 ||
    onDemand.length > 0;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <p>
        {report.files.imported} files from <span className="font-medium">{report.source}</span>
        {report.files.skipped.length > 0 ? `; ${report.files.skipped.length} left out` : ''}.
      </p>
      <Section title="Entities">
        {report.entities.length === 0 ? (
          <p className="text-muted-foreground">None.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {report.entities.map((entity) => (
              <li key={entity.name} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{entity.name}</span>
                <span className="text-muted-foreground">
                  {entity.fields} fields, {RULES_LABEL[entity.rules]}
                </span>
                {entity.inferred && <Badge variant="outline">Guessed from the code</Badge>}
              </li>
            ))}
          </ul>
        )}
        {report.entityErrors.map((item) => (
          <p key={item.path} className="text-destructive">
            {item.path}: {item.reason}
          </p>
        ))}
        {report.entities.length > 0 && (
          <Link className="self-start text-primary underline-offset-4 hover:underline" to={`${app}/database`}>
            Open the database
          </Link>
        )}
      </Section>
      {report.data.length > 0 && (
        <Section title="Data">
          <ul className="flex flex-col gap-1">
            {report.data.map((item) => (
              <li key={item.file}>
                {item.file}: {item.imported} of {item.rows} records into {item.entity}
                {item.errors.map((error) => (
                  <span key={error} className="block text-destructive">
                    {error}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Functions">
        {report.functions.length === 0 ? (
          <p className="text-muted-foreground">None.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {report.functions.map((fn) => (
              <FunctionItem key={fn.name} fn={fn} app={app} />
            ))}
          </ul>
        )}
      </Section>
      {agents.length > 0 && (
        <Section title="Agents">
          <ul className="flex flex-col gap-1">
            {agents.map((agent) => (
              <li key={agent.name} className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{agent.name}</span>
                <span className="text-muted-foreground">{agent.path}</span>
              </li>
            ))}
          </ul>
          <Link className="self-start text-primary underline-offset-4 hover:underline" to={`${app}/code`}>
            Open the agents in the code editor
          </Link>
        </Section>
      )}
      {needsBuilder && (
        <Section title="Needs you">
          <ul className="flex list-disc flex-col gap-1 pl-5">
            {report.secrets.length > 0 && (
              <li>
                Set the secrets the functions read: {report.secrets.join(', ')} —{' '}
                <Link className="text-primary underline-offset-4 hover:underline" to={`${app}/code`}>
                  code editor, Secrets
                </Link>
              </li>
            )}
            {unsetEnv.length > 0 && (
              <li>
                The code reads environment values nothing sets (a Vite project keeps them in a .env file its
                repository left out): {unsetEnv.join(', ')} — set them as NAME=value lines in the app's .env
                file in the{' '}
                <Link className="text-primary underline-offset-4 hover:underline" to={`${app}/code`}>
                  code
                </Link>
                , or ask the chat to.
              </li>
            )}
            {failed.length > 0 && (
              <li>Fix the functions that do not build: {failed.map((fn) => fn.name).join(', ')}</li>
            )}
            {guessed.length > 0 && (
              <li>
                Check the fields of the entities guessed from the code:{' '}
                {guessed.map((e) => e.name).join(', ')}
              </li>
            )}
            {report.entities
              .filter((entity) => entity.rules === 'dropped')
              .map((entity) => (
                <li key={entity.name}>
                  {entity.name}: {entity.problem}
                </li>
              ))}
            {onDemand.length > 0 && (
              <li>npm packages installed on demand: {onDemand.map((item) => item.name).join(', ')}</li>
            )}
            {report.storageUrls.length > 0 && (
              <li>
                {report.storageUrls.length} files stay on Base44's storage:
                <ul className="mt-1 flex flex-col gap-0.5">
                  {report.storageUrls.slice(0, 20).map((url) => (
                    <li key={url} className="break-all text-muted-foreground text-xs">
                      {url}
                      {reasons.get(url) ? ` — ${reasons.get(url)}` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </Section>
      )}
      {(report.translated.length > 0 || report.warnings.length > 0 || copied.length > 0) && (
        <Section title="Translated">
          <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
            {copied.length > 0 && (
              <li>
                {copied.length} {copied.length === 1 ? 'file' : 'files'} copied from Base44's storage into the
                app's storage; the code and data use the copies.
              </li>
            )}
            {report.translated.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {report.warnings.map((line) => (
              <li key={line} className="text-amber-700">
                {line}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
