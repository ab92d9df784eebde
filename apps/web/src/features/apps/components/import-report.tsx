import type { Base44ImportReport } from '@atelier/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';

const RULES_LABEL: Record<Base44ImportReport['entities'][number]['rules'], string> = {
  translated: 'Base44 rules kept',
  default: 'only the creator (no rules in the export)',
  dropped: 'rules not usable: only the creator',
};

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
  const needsBuilder =
    report.secrets.length > 0 ||
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
          <ul className="flex flex-col gap-1">
            {report.functions.map((fn) => (
              <li key={fn.name}>
                <span className="font-medium">{fn.name}</span>{' '}
                <span className="text-muted-foreground">
                  {fn.status === 'imported' ? fn.path : fn.reason}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
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
                    </li>
                  ))}
                </ul>
              </li>
            )}
          </ul>
        </Section>
      )}
      {(report.translated.length > 0 || report.warnings.length > 0) && (
        <Section title="Translated">
          <ul className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
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
