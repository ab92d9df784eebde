import { IncrementalActionParser, type ParsedReply } from '@atelier/shared';
import { useMemo, useRef } from 'react';

/**
 * The action-tag reading of a reply's text. While the text grows (streaming), only the new part is
 * fed to the incremental parser; `finished` ends it (an open action becomes truncated).
 */
export function useParsedReply(text: string, finished: boolean): ParsedReply {
  const state = useRef<{ parser: IncrementalActionParser; fed: string } | null>(null);
  return useMemo(() => {
    let current = state.current;
    if (!current || !text.startsWith(current.fed) || current.parser.finished) {
      current = { parser: new IncrementalActionParser(), fed: '' };
    }
    current.parser.push(text.slice(current.fed.length));
    current.fed = text;
    state.current = current;
    if (!finished) return current.parser.snapshot();
    current.parser.finish();
    const snapshot = current.parser.snapshot();
    // A finished parser cannot take more text: start over if the text ever grows again.
    state.current = null;
    return snapshot;
  }, [text, finished]);
}
