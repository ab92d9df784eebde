/**
 * The URL of an app page by its name, the way the compiled app routes it: `Home` → `/`,
 * `Contacts` → `/contacts`, `ContactDetails` → `/contact-details`. Use it with `<Link to>` or `navigate`.
 */
export function createPageUrl(pageName: string): string {
  const [name, query] = pageName.split('?') as [string, string | undefined];
  const path =
    name === 'Home'
      ? '/'
      : `/${name
          .split('/')
          .map((segment) =>
            segment
              .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
              .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
              .replace(/[\s_.]+/g, '-')
              .replace(/-+/g, '-')
              .replace(/^-|-$/g, '')
              .toLowerCase(),
          )
          .join('/')}`;
  return query === undefined ? path : `${path}?${query}`;
}
