// The part of @babel/standalone's API the compile benchmark uses (the package ships no types).
declare module '@babel/standalone' {
  export function transform(
    code: string,
    options: {
      filename?: string;
      presets?: unknown[];
      plugins?: unknown[];
      sourceType?: 'module' | 'script';
    },
  ): { code: string | null };
}
