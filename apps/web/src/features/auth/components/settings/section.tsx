import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../../components/ui/card.tsx';

/** One titled card of /settings. */
export function SettingsSection(props: { title: string; description?: string; children: ReactNode }) {
  const id = `settings-${props.title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <h2 id={id} className="font-semibold text-base leading-tight">
            {props.title}
          </h2>
          {props.description ? <CardDescription>{props.description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{props.children}</CardContent>
      </Card>
    </section>
  );
}
