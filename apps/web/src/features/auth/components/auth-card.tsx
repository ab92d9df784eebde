import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';

/** The centred card of the sign-in pages. */
export function AuthCard(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-sm flex-col gap-4 px-4 py-12 sm:py-20">
      <Card>
        <CardHeader>
          <h1 className="font-semibold text-lg leading-tight tracking-tight">{props.title}</h1>
          {props.description ? <CardDescription>{props.description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{props.children}</CardContent>
      </Card>
      {props.footer ? <div className="text-center text-muted-foreground text-sm">{props.footer}</div> : null}
    </div>
  );
}
