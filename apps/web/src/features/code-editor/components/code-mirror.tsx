import { fileLanguage } from '@atelier/shared';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { css } from '@codemirror/lang-css';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

function languageOf(path: string): Extension {
  switch (fileLanguage(path)) {
    case 'json':
      return json();
    case 'css':
      return css();
    case 'javascript':
      return javascript({ jsx: true });
    case 'text':
      return [];
    default:
      return javascript({ jsx: true, typescript: true });
  }
}

export interface CodeMirrorProps {
  path: string;
  content: string;
  readOnly: boolean;
  /** 1-based line to show and select (a "Find in files" result). */
  line?: number | null;
  /** Long lines wrap instead of scrolling sideways. */
  wrap?: boolean;
  onChange: (content: string) => void;
}

/** A CodeMirror 6 editor for one file; it is recreated when the path changes. */
export function CodeMirror({ path, content, readOnly, line, wrap = false, onChange }: CodeMirrorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const wrapping = useRef(new Compartment());
  const wrapNow = useRef(wrap);
  wrapNow.current = wrap;
  const change = useRef(onChange);
  change.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor owns the text once created
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: content,
        extensions: [
          lineNumbers(),
          history(),
          highlightActiveLine(),
          bracketMatching(),
          highlightSelectionMatches(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
          languageOf(path),
          wrapping.current.of(wrapNow.current ? EditorView.lineWrapping : []),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) change.current(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: '100%', fontSize: '13px' },
            '.cm-scroller': { overflow: 'auto' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [path, readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: wrapping.current.reconfigure(wrap ? EditorView.lineWrapping : []) });
  }, [wrap]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !line) return;
    const target = editor.state.doc.line(Math.min(Math.max(line, 1), editor.state.doc.lines));
    editor.dispatch({
      selection: { anchor: target.from, head: target.to },
      effects: EditorView.scrollIntoView(target.from, { y: 'center' }),
    });
  }, [line]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
