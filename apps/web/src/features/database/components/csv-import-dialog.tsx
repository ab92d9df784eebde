import {
  basicMapping,
  CSV_IMPORT,
  type CsvMapping,
  chunk,
  csvDataTypeOf,
  csvRowToRecord,
  DATABASE_MESSAGES,
  type EntitySchema,
  mappableFields,
  mappingNeedsConfirmation,
  SPLIT_CHARACTERS,
  type SplitCharacter,
  withSplitCharacter,
} from '@atelier/shared';
import { Upload } from 'lucide-react';
import Papa from 'papaparse';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client.ts';
import { recordsApi } from '../api.ts';
import { isTransient, runImportBatches, withImportIds, withRateLimitRetry } from '../import-batches.ts';

type CsvRow = Record<string, string>;
type Step = 'upload' | 'mapping' | 'importing';

const STEPS: { id: Step; label: string }[] = [
  { id: 'upload', label: '1 Upload CSV' },
  { id: 'mapping', label: '2 Map Columns' },
  { id: 'importing', label: '3 Import Data' },
];
const SPLIT_LABELS: Record<SplitCharacter, string> = {
  ',': 'Comma',
  ';': 'Semicolon',
  '|': 'Pipe',
  '\n': 'Line break',
  '\t': 'Tab',
};

/** Import state kept across a pause: the batches, those not yet sent, the rows that failed. */
interface ImportRun {
  batches: Record<string, unknown>[][];
  remaining: Set<number>;
  failed: number;
  total: number;
  controller?: AbortController;
}

/** Rows written so far: those of the batches sent, less the rows refused. */
const importedRows = (current: ImportRun) =>
  current.batches.reduce(
    (sum, batch, index) => (current.remaining.has(index) ? sum : sum + batch.length),
    0,
  ) - current.failed;

const CONNECTION_LOST = 'the connection to the server was lost';
const importPaused = (reason: string) => `Import paused: ${reason}. Resume to import the remaining rows.`;
const importCancelled = (imported: number, total: number) =>
  `Import cancelled: ${imported} of ${total} rows imported.`;

export interface CsvImportDialogProps {
  appId: string;
  entity: string;
  schema: EntitySchema;
  onImported(): void;
}

/** Parses a CSV file into its headers and non-empty rows (spec 2 §5), or throws the spec's message. */
function parseCsv(file: File): Promise<{ headers: string[]; rows: CsvRow[] }> {
  return new Promise((resolve, reject) => {
    Papa.parse<CsvRow>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const headers = (result.meta.fields ?? []).filter((header) => header.trim() !== '');
        if (headers.length === 0 && result.data.length === 0)
          return reject(new Error(DATABASE_MESSAGES.csvEmpty));
        const fatal = result.errors.find((error) => error.type === 'Delimiter' && result.data.length === 0);
        if (fatal) return reject(new Error(DATABASE_MESSAGES.csvParseFailed));
        const rows = result.data.filter((row) => headers.some((header) => (row[header] ?? '').trim() !== ''));
        if (rows.length === 0) return reject(new Error(DATABASE_MESSAGES.csvNoValidRows));
        resolve({ headers, rows });
      },
      error: () => reject(new Error(DATABASE_MESSAGES.csvParseFailed)),
    });
  });
}

/** The CSV import dialog (spec 2 §2, §5, §9): upload, map (AI suggestion or basic), import in batches. */
export function CsvImportDialog({ appId, entity, schema, onImported }: CsvImportDialogProps) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('upload');
  const [csv, setCsv] = useState<{ headers: string[]; rows: CsvRow[] } | null>(null);
  const [mappings, setMappings] = useState<CsvMapping[]>([]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState({ completed: 0, total: 0 });
  /** Why a running import stopped (it can resume), or null while it runs. */
  const [paused, setPaused] = useState<string | null>(null);
  const run = useRef<ImportRun | null>(null);
  const fields = useMemo(() => mappableFields(schema), [schema]);

  const reset = () => {
    setStep('upload');
    setCsv(null);
    setMappings([]);
    setConfirming(false);
    setProgress({ completed: 0, total: 0 });
    setPaused(null);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const parsed = await parseCsv(file);
      setCsv(parsed);
      const previewData = parsed.rows.slice(0, CSV_IMPORT.previewRows);
      try {
        const { mappings: suggested } = await recordsApi.generateMapping({
          appId,
          headers: parsed.headers,
          previewData,
          schema: schema as unknown as Record<string, unknown>,
          entityName: entity,
        });
        setMappings(suggested);
      } catch {
        toast.warning(DATABASE_MESSAGES.mappingFallback);
        setMappings(basicMapping(parsed.headers, schema, parsed.rows));
      }
      setStep('mapping');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : DATABASE_MESSAGES.csvParseFailed);
    } finally {
      setBusy(false);
    }
  };

  const setField = (index: number, schemaField: string) => {
    const field = fields.find((candidate) => candidate.path === schemaField);
    setMappings((current) =>
      current.map((mapping, i) =>
        i !== index
          ? mapping
          : withSplitCharacter(
              {
                csvHeader: mapping.csvHeader,
                schemaField,
                dataType: field ? csvDataTypeOf(field.field) : 'string',
              },
              csv?.rows ?? [],
            ),
      ),
    );
  };

  const runImport = async () => {
    if (!csv) return;
    setConfirming(false);
    const records = withImportIds(
      csv.rows
        .map((row) => csvRowToRecord(row, mappings))
        .filter((record): record is Record<string, unknown> => record !== undefined),
    );
    if (records.length === 0) {
      toast.error(DATABASE_MESSAGES.csvNoValidRows);
      return;
    }
    const batches = chunk(records, CSV_IMPORT.batchSize);
    run.current = { batches, remaining: new Set(batches.keys()), failed: 0, total: records.length };
    setStep('importing');
    setProgress({ completed: 0, total: records.length });
    await continueImport();
  };

  /** Imports the batches not yet sent; pauses at a lost connection or a server failure (Resume). */
  const continueImport = async () => {
    const current = run.current;
    if (!current) return;
    const controller = new AbortController();
    current.controller = controller;
    setPaused(null);
    const importBatch = async (index: number) => {
      const batch = current.batches[index] as Record<string, unknown>[];
      let failed = 0;
      try {
        await withRateLimitRetry(() => recordsApi.bulkCreate(appId, entity, batch), {
          signal: controller.signal,
        });
      } catch (error) {
        if (isTransient(error)) throw error;
        // One bad row fails its batch: save the others one by one and count the rows that fail.
        for (const record of batch) {
          try {
            await withRateLimitRetry(() => recordsApi.create(appId, entity, record), {
              signal: controller.signal,
            });
          } catch (rowError) {
            if (isTransient(rowError)) throw rowError;
            failed += 1;
          }
        }
      }
      current.failed += failed;
      setProgress((shown) => ({ ...shown, completed: shown.completed + batch.length }));
    };
    const stopped = await runImportBatches({
      remaining: current.remaining,
      parallel: CSV_IMPORT.parallelBatches,
      importBatch,
      signal: controller.signal,
    });
    if (controller.signal.aborted) {
      endCancelled(current);
      return;
    }
    if (stopped) {
      setPaused(
        stopped.error instanceof ApiError && stopped.error.status !== NETWORK_ERROR_STATUS
          ? stopped.error.message
          : CONNECTION_LOST,
      );
      return;
    }
    onImported();
    const { failed, total } = current;
    if (failed === 0) toast.success(DATABASE_MESSAGES.importAllSucceeded(total));
    else if (failed < total) toast.warning(DATABASE_MESSAGES.importSomeFailed(failed, total));
    else toast.error(DATABASE_MESSAGES.importFailed);
    finish();
  };

  /** Cancels the import: no batch starts any more; a paused import ends now, a running one when its batches under way end. */
  const cancelImport = () => {
    const current = run.current;
    if (!current) return;
    current.controller?.abort();
    if (paused !== null) endCancelled(current);
  };

  const endCancelled = (current: ImportRun) => {
    onImported();
    toast.warning(importCancelled(importedRows(current), current.total));
    finish();
  };

  const finish = () => {
    run.current = null;
    setOpen(false);
    reset();
  };

  const startImport = () => {
    if (mappingNeedsConfirmation(mappings)) setConfirming(true);
    else void runImport();
  };

  const percent = progress.total === 0 ? 0 : Math.round((progress.completed / progress.total) * 100);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (step === 'importing') {
          // A running import is cancelled with its button; a paused one ends when the dialog closes.
          if (!next && paused !== null) cancelImport();
          return;
        }
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Upload aria-hidden="true" />
          Import
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import {entity} records from CSV</DialogTitle>
          <DialogDescription asChild>
            <ol className="flex gap-4">
              {STEPS.map((item) => (
                <li
                  key={item.id}
                  aria-current={item.id === step ? 'step' : undefined}
                  className={item.id === step ? 'font-medium text-foreground' : ''}
                >
                  {item.label}
                </li>
              ))}
            </ol>
          </DialogDescription>
        </DialogHeader>

        {step === 'upload' && (
          <label className="grid cursor-pointer place-items-center gap-2 rounded-md border border-border border-dashed p-8 text-center text-sm">
            <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
            {busy ? 'Reading the file…' : 'Choose a CSV file'}
            <input
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              className="sr-only"
              disabled={busy}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
          </label>
        )}

        {step === 'mapping' && csv && (
          <div className="grid gap-3">
            <p className="text-muted-foreground text-sm">
              {csv.rows.length} rows. Columns mapped to no field are ignored.
            </p>
            <div className="max-h-80 overflow-auto rounded-md border border-border">
              <table className="w-full text-sm">
                <thead className="bg-muted/60 text-left text-muted-foreground text-xs">
                  <tr>
                    <th className="p-2">CSV column</th>
                    <th className="p-2">Field</th>
                    <th className="p-2">Split by</th>
                  </tr>
                </thead>
                <tbody>
                  {mappings.map((mapping, index) => (
                    <tr key={mapping.csvHeader} className="border-border border-t">
                      <td className="p-2 font-medium">{mapping.csvHeader}</td>
                      <td className="p-2">
                        <select
                          aria-label={`Field for ${mapping.csvHeader}`}
                          className="h-8 w-full rounded border border-input bg-background px-1"
                          value={mapping.schemaField}
                          onChange={(event) => setField(index, event.target.value)}
                        >
                          <option value="">Don’t import</option>
                          {fields.map((field) => (
                            <option key={field.path} value={field.path}>
                              {field.path}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="p-2">
                        {mapping.dataType === 'array' ? (
                          <select
                            aria-label={`Split ${mapping.csvHeader} by`}
                            className="h-8 rounded border border-input bg-background px-1"
                            value={mapping.splitCharacter ?? ','}
                            onChange={(event) =>
                              setMappings((current) =>
                                current.map((m, i) =>
                                  i === index
                                    ? { ...m, splitCharacter: event.target.value as SplitCharacter }
                                    : m,
                                ),
                              )
                            }
                          >
                            {SPLIT_CHARACTERS.map((character) => (
                              <option key={character} value={character}>
                                {SPLIT_LABELS[character]}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {confirming ? (
              <div
                role="alertdialog"
                aria-label="Confirm import"
                className="grid gap-2 rounded-md border border-border p-3 text-sm"
              >
                <p>{DATABASE_MESSAGES.csvIdConfirm}</p>
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                  <Button size="sm" onClick={() => void runImport()}>
                    Continue
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex justify-end gap-2">
                <Button variant="ghost" onClick={reset}>
                  Back
                </Button>
                <Button onClick={startImport}>Import {csv.rows.length} rows</Button>
              </div>
            )}
          </div>
        )}

        {step === 'importing' && (
          <div className="grid gap-2">
            <div
              role="progressbar"
              aria-label="Import progress"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.completed}
              className="h-2 overflow-hidden rounded bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-muted-foreground text-sm">
              Imported {progress.completed} of {progress.total} rows
            </p>
            {paused !== null && (
              <p role="alert" className="text-destructive text-sm">
                {importPaused(paused)}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={cancelImport}>
                Cancel import
              </Button>
              {paused !== null && (
                <Button size="sm" onClick={() => void continueImport()}>
                  Resume
                </Button>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
