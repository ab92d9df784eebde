import { describe, expect, it } from 'vitest';
import { typeCheckApp } from './type-check-thread.ts';

describe('the type checker thread', () => {
  it('stops a check past its time limit, and the next check runs in a fresh thread', async () => {
    const files = [
      { path: 'pages/Home.tsx', content: 'export default function Home() { return <p>{missing}</p>; }' },
    ];
    // In the server's own thread a check could not be stopped: this one is, with the reason.
    await expect(typeCheckApp(files, 1)).rejects.toThrow(
      'The type check took longer than 1 ms and was stopped',
    );
    const diagnostics = await typeCheckApp(files);
    expect(diagnostics).toEqual([
      { file: 'pages/Home.tsx', line: 1, message: "TS2304: Cannot find name 'missing'." },
    ]);
    // The shadcn/ui components the app does not reach are not read (nor the library types they
    // import); those it reaches are.
    const broken = (name: string) => ({
      path: `components/ui/${name}.tsx`,
      content: 'export const X: number = "no";',
    });
    expect(
      await typeCheckApp([
        {
          path: 'pages/Home.tsx',
          content: "import { X } from '@/components/ui/used';\nexport default () => X;",
        },
        broken('used'),
        broken('unused'),
      ]),
    ).toEqual([
      {
        file: 'components/ui/used.tsx',
        line: 1,
        message: "TS2322: Type 'string' is not assignable to type 'number'.",
      },
    ]);
  }, 120_000);
});
