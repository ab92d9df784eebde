import { Link, useParams } from 'react-router';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useApp } from '../features/apps/api.ts';
import { ImportReport } from '../features/apps/components/import-report.tsx';
import { useImportReport } from '../features/apps/import-api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';

/** `/apps/{appId}/import-report`: the stored report of the Base44 import the app was made from. */
export function AppImportReportRoute() {
  useRequireSession();
  const { appId = '' } = useParams();
  const app = useApp(appId);
  const report = useImportReport(appId);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">
          Import report{app.data ? `: ${app.data.name}` : ''}
        </h1>
        <Link
          className="text-primary text-sm underline-offset-4 hover:underline"
          to={`/build/app/${encodeURIComponent(appId)}`}
        >
          Back to the builder
        </Link>
      </div>
      {report.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : report.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(report.error)}
        </p>
      ) : (
        <ImportReport appId={appId} report={report.data} />
      )}
    </div>
  );
}
