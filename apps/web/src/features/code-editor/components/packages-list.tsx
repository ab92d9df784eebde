import { APP_PACKAGE_MESSAGES, type AppPackage } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { codeEditorApi, codeEditorKeys } from '../api.ts';

export interface PackagesListProps {
  appId: string;
  /** The current version (the list follows package.json as saved). */
  versionId: string | null;
  /** Called after a removal made a new version: the editor reloads its files (and the list follows). */
  onNewVersion: () => void;
}

const versionText = (pkg: AppPackage) =>
  pkg.builtIn ? 'built in' : pkg.version ? pkg.version : `${pkg.range} · not installed yet`;

/**
 * The npm packages package.json names (issue 25 #3), under it in the code editor's file tree: each
 * with the version pinned for the app (or "built in"), and a button that removes it in a new version.
 */
export function PackagesList({ appId, versionId, onNewVersion }: PackagesListProps) {
  const packages = useQuery({
    queryKey: codeEditorKeys.packages(appId, versionId),
    queryFn: ({ signal }) => codeEditorApi.packages(appId, signal),
    retry: false,
  });
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (name: string) => {
    setRemoving(name);
    try {
      await codeEditorApi.removePackage(appId, name);
      toast.success(APP_PACKAGE_MESSAGES.removed(name));
      onNewVersion();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The package could not be removed.');
    } finally {
      setRemoving(null);
    }
  };

  if (packages.isPending) return <p className="px-1 text-xs text-muted-foreground">Loading packages…</p>;
  if (packages.isError) {
    return (
      <p className="px-1 text-xs text-destructive" role="alert">
        The packages could not be loaded.{' '}
        <button type="button" className="underline" onClick={() => void packages.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const { packages: list, problem } = packages.data;
  if (problem) return <p className="px-1 text-xs text-destructive">{problem}</p>;
  if (list.length === 0) return <p className="px-1 text-xs text-muted-foreground">No npm packages.</p>;
  return (
    <ul aria-label="npm packages" className="mt-1">
      {list.map((pkg) => (
        <li key={pkg.name} className="flex items-center gap-1 px-1 py-0.5 text-xs">
          <span className="min-w-0 flex-1 truncate font-mono" title={`${pkg.name} ${pkg.range}`}>
            {pkg.name}
          </span>
          <span className="shrink-0 text-muted-foreground">{versionText(pkg)}</span>
          <Button
            variant="ghost"
            size="icon"
            className="size-6 shrink-0"
            aria-label={`Remove ${pkg.name}`}
            title={`Remove ${pkg.name}`}
            disabled={removing !== null}
            onClick={() => void remove(pkg.name)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
