/**
 * A redirect target we may follow after sign-in: a path on this site ("/…", never "//…" or a
 * scheme). Anything else gives null, so an e-mailed or query-string URL cannot send users away.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null;
  for (const ch of trimmed) if (ch.charCodeAt(0) < 0x20) return null;
  return trimmed;
}
