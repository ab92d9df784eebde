import type { EnhanceContextQueryResponse } from '@atelier/shared';
import { AlertTriangle, Download, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { formatTokens } from '../../llm/format.ts';
import { chatApi } from '../api.ts';
import type { ChatUIMessage } from '../types.ts';
import { ContextFacts } from './context-facts.tsx';

export interface ContextDialogProps {
  appId: string;
  message: ChatUIMessage | null;
  isAdmin: boolean;
  /** The read-only view: no "Enhance query" (it is a call on the app as its builder). */
  readOnly?: boolean;
  onClose: () => void;
}

/** The reproduction file of a reply's context (admins). */
export function contextReproduction(
  appId: string,
  message: ChatUIMessage,
  enhanced: EnhanceContextQueryResponse | null,
) {
  const meta = message.metadata ?? {};
  return {
    appId,
    messageId: message.id,
    userMessageId: meta.userMessageId ?? null,
    versionId: meta.versionId ?? null,
    createdAt: meta.createdAt ?? null,
    query: meta.contextMetadata?.query ?? null,
    contextFiles: meta.contextFiles ?? [],
    contextMetadata: meta.contextMetadata ?? null,
    enhancedQuery: enhanced?.enhancedQuery ?? meta.contextMetadata?.enhancedQuery ?? null,
    usage: meta.usage ?? null,
  };
}

function download(name: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Which files and data-source passages went into a reply (spec 3 §2 "Context files", §6). */
export function ContextDialog({ appId, message, isAdmin, readOnly, onClose }: ContextDialogProps) {
  const [enhanced, setEnhanced] = useState<EnhanceContextQueryResponse | null>(null);
  const [enhancing, setEnhancing] = useState(false);
  const meta = message?.metadata;
  const context = meta?.contextMetadata;
  const files =
    context?.retrievedFiles ??
    meta?.contextFiles?.map((f) => ({ ...f, retrievalMethods: [], score: 0 })) ??
    [];
  const totalTokens = files.reduce((sum, f) => sum + (f.tokenEstimation ?? 0), 0);
  const retrieved = new Set(files.map((f) => f.filePath));
  const missed = (context?.relevantFiles ?? []).filter((path) => !retrieved.has(path));

  const enhance = async () => {
    if (!message || !context) return;
    setEnhancing(true);
    try {
      setEnhanced(
        await chatApi.enhanceQuery({
          latestUserRequest: context.query || 'Change the app',
          appId,
          messageId: message.id,
          currentRoute: window.location.pathname,
        }),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setEnhancing(false);
    }
  };

  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) {
          setEnhanced(null);
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[85vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Context files</DialogTitle>
          <DialogDescription>
            What the assistant read for this reply: {files.length} {files.length === 1 ? 'file' : 'files'}
            {isAdmin ? `, about ${formatTokens(totalTokens)} tokens (text length / 4)` : ''}.
          </DialogDescription>
        </DialogHeader>
        {isAdmin && missed.length > 0 ? (
          <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-500/10 px-3 py-2 text-sm">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            Relevant files that were not retrieved: {missed.join(', ')}
          </p>
        ) : null}
        {isAdmin && context ? (
          <fieldset className="flex flex-wrap gap-1.5" aria-label="Recall by method">
            {Object.entries(context.evals ?? {}).map(([method, value]) => (
              <Badge key={method} variant="outline">
                {method}: recall {Math.round(value.recall * 100)}% · {formatTokens(value.tokenEstimation)}{' '}
                tokens
              </Badge>
            ))}
          </fieldset>
        ) : null}
        <ContextFacts
          files={files}
          passages={context?.passages ?? []}
          belowThreshold={context?.belowThresholdFiles ?? []}
          isAdmin={isAdmin}
        />
        {isAdmin && context ? (
          <div className="flex flex-col gap-2 border-border border-t pt-3">
            <p className="text-muted-foreground text-xs">
              Query: {context.query} · score threshold {context.scoreThreshold} · token limit{' '}
              {formatTokens(context.rerankTokenLimit ?? 0)}
            </p>
            {enhanced ? (
              <div className="rounded-md bg-muted px-3 py-2 text-sm">
                <p className="font-medium">Enhanced query (~{enhanced.tokenEstimation} tokens)</p>
                <p className="whitespace-pre-wrap">{enhanced.enhancedQuery}</p>
              </div>
            ) : null}
            <div className="flex gap-2">
              {readOnly ? null : (
                <Button size="sm" variant="outline" onClick={() => void enhance()} disabled={enhancing}>
                  <Sparkles aria-hidden="true" />
                  {enhancing ? 'Enhancing…' : 'Enhance query'}
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  message &&
                  download(`context-${message.id}.json`, contextReproduction(appId, message, enhanced))
                }
              >
                <Download aria-hidden="true" />
                Download JSON
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
