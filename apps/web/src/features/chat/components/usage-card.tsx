import { BarChart3 } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { UsageByMessage } from '../../llm/components/usage-by-message.tsx';
import { costText, formatTokens } from '../../llm/format.ts';
import { useAppUsage } from '../api.ts';

/**
 * The admin token-usage summary card below the chat, with the per-message usage table (spec 3 §2, §6).
 * Memoised, and the table is built only while its dialog is open: the chat panel renders on every
 * chunk of a streaming reply, and formatting a row per earlier reply each time made a long
 * conversation stream slower than a short one (issue 21 §9).
 */
export const UsageCard = memo(function UsageCard({ appId }: { appId: string }) {
  const usage = useAppUsage(appId, true);
  const [open, setOpen] = useState(false);
  const summary = usage.data?.summary;
  if (!summary) return null;
  return (
    <section
      aria-label="Token usage"
      className="flex items-center gap-3 border-border border-t px-3 py-2 text-xs"
    >
      <BarChart3 aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="tabular-nums">
        {formatTokens(summary.totalTokens)} tokens · {costText(summary.totalCost, summary)} · {summary.calls}{' '}
        {summary.calls === 1 ? 'call' : 'calls'}
      </span>
      <Button size="sm" variant="ghost" className="ml-auto h-7 px-2" onClick={() => setOpen(true)}>
        Usage by message
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[85vh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Token usage by message</DialogTitle>
          </DialogHeader>
          <UsageByMessage rows={usage.data?.messages ?? []} />
        </DialogContent>
      </Dialog>
    </section>
  );
});
