/**
 * The builder's preview is a sandboxed frame without `allow-same-origin`, where merely reading
 * `localStorage` or `sessionStorage` throws a SecurityError. Apps (and libraries such as
 * `@base44/sdk`, which keeps its token there) read them as they load: in such a page both become
 * in-memory stores for the page's lifetime. Imported by the runtime before anything else.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(String(key)) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(String(key), String(value));
  }
  removeItem(key: string) {
    this.items.delete(String(key));
  }
  clear() {
    this.items.clear();
  }
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  try {
    void window[name];
  } catch {
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
}
