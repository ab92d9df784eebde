import { type AppSummary, publicToolView } from '@atelier/shared';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useTools } from '../api.ts';
import { ToolRunner } from './tool-page.tsx';

/**
 * The single-tool builder's preview (issue 19 item 9): the tool's page as visitors see it, built
 * from the app as the builder last saved it, so it follows the texts, fields and branding panels.
 * An active tool runs for real; a draft explains that it must be activated first.
 */
export function ToolFormPreview({ app }: { app: AppSummary }) {
  const tool = useTools(app.id).data?.tools[0];
  if (!tool) {
    return (
      <div className="flex flex-col gap-4 p-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  const view = publicToolView(app, {
    id: tool.toolId,
    path: tool.path,
    title: tool.title,
    imageUrl: tool.imageUrl,
    content: tool.content,
  });
  return (
    <section aria-label="Tool preview" className="h-full min-h-0 overflow-y-auto">
      <ToolRunner tool={view} underAppBase={false} preview={tool.status !== 'active'} embedded />
    </section>
  );
}
