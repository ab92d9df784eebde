import { describe, expect, it } from 'vitest';
import {
  ACTION_PARSE_ERRORS,
  IncrementalActionParser,
  type ParsedReply,
  parseActionReply,
  withoutOpenAction,
} from './incremental-parser.ts';
import { serializeAction } from './serialize.ts';
import { parseCompleteActionText } from './strict-parse.ts';

const contactsPage = serializeAction({
  type: 'add_file',
  path: 'pages/Contacts.tsx',
  title: 'Add "contacts" page <1>',
  content: 'export default function Contacts() {\n  return <h1>Contacts & more</h1>;\n}\n',
});
const layoutEdit = serializeAction({
  type: 'partial_edit',
  path: 'Layout.tsx',
  title: 'Link the page',
  edits: [{ search: 'const NAV_ITEMS = [', replace: "const NAV_ITEMS = [\n  { to: '/contacts' }," }],
});
const entity = serializeAction({
  type: 'add_entity',
  entity: 'Contact',
  title: 'Contact entity',
  schema: {
    name: 'Contact',
    type: 'object',
    properties: { name: { type: 'string' } },
    rls: { read: 'creator', write: 'creator' },
  },
});
const deletion = serializeAction({ type: 'delete_file', path: 'pages/Old.tsx', title: 'Remove old page' });
const secrets = serializeAction({
  type: 'request_secrets',
  title: 'Stripe key',
  secrets: [{ secretName: 'STRIPE_KEY', description: 'Your Stripe key', required: true }],
});

/** Complete replies, valid by the strict reader. */
const VALID_REPLIES: Record<string, string> = {
  'prose only': 'Sure, nothing to change here. <b>bold</b> and <atelier stays text.',
  'one action': `I'll add the page.\n\n${contactsPage}\n\nDone.`,
  'several actions': `Plan:\n${entity}\n${contactsPage}\n${layoutEdit}\n${deletion}\n${secrets}\nAll set.`,
  'action first, no prose': `${contactsPage}${deletion}`,
  'content with < and near-close text': serializeAction({
    type: 'edit_file',
    path: 'pages/Home.tsx',
    title: 'Home',
    content: 'const a = x </atelier-actio n; // </atelier-\nconst b = "<atelier";\n',
  }),
  'blank lines around content': `<atelier-action type="add_file" path="a.tsx" title="A">\n\nx\n\n</atelier-action>`,
};

function collect(chunks: string[]): { final: ParsedReply; snapshots: ParsedReply[]; ended: number[] } {
  const parser = new IncrementalActionParser();
  const snapshots: ParsedReply[] = [];
  const ended: number[] = [];
  for (const chunk of chunks) {
    for (const action of parser.push(chunk)) ended.push(action.index);
    snapshots.push(parser.snapshot());
  }
  for (const action of parser.finish()) ended.push(action.index);
  return { final: parser.snapshot(), snapshots, ended };
}

/** Every snapshot is a prefix of the final reply: no text or content is ever taken back. */
function expectMonotonic(snapshots: ParsedReply[], final: ParsedReply) {
  for (const snapshot of snapshots) {
    expect(final.text.startsWith(snapshot.text)).toBe(true);
    snapshot.actions.forEach((action, i) => {
      const done = final.actions[i]!;
      expect(done.type).toBe(action.type);
      expect(done.attributes).toEqual(action.attributes);
      if (action.status === 'complete') expect(action.content).toBe(done.content);
      else expect(`${done.content}\n`.startsWith(action.content)).toBe(true);
      // Only the last action of a snapshot may still be streaming.
      if (i < snapshot.actions.length - 1) expect(action.status).not.toBe('streaming');
    });
  }
}

describe('incremental action parser', () => {
  it.each(Object.entries(VALID_REPLIES))('reads "%s" like the strict reader', (_, text) => {
    const strict = parseCompleteActionText(text);
    const reply = parseActionReply(text);
    expect(reply.truncated).toBe(false);
    expect(
      reply.actions.map((a) => ({ type: a.type, attributes: a.attributes, content: a.content })),
    ).toEqual(strict.actions.map((a) => ({ type: a.type, attributes: a.attributes, content: a.content })));
    expect(reply.actions.every((a) => a.status === 'complete' && a.error === undefined)).toBe(true);
    const prose = reply.segments
      .flatMap((s) => (s.kind === 'text' ? [s.text.trim()] : []))
      .filter(Boolean)
      .join('\n\n');
    expect(prose).toBe(strict.prose);
  });

  it.each(Object.entries(VALID_REPLIES))(
    'gives the same result for "%s" cut at every position',
    (_, text) => {
      const whole = parseActionReply(text);
      for (let cut = 0; cut <= text.length; cut++) {
        const { final, snapshots } = collect([text.slice(0, cut), text.slice(cut)]);
        expect(final).toEqual(whole);
        expectMonotonic(snapshots, final);
      }
    },
  );

  it.each(Object.entries(VALID_REPLIES))(
    'gives the same result for "%s" one character at a time',
    (_, text) => {
      const { final, snapshots, ended } = collect([...text]);
      expect(final).toEqual(parseActionReply(text));
      expectMonotonic(snapshots, final);
      // Each action is reported once, in order, when its closing tag arrives.
      expect(ended).toEqual(final.actions.map((a) => a.index));
    },
  );

  it('gives the same result cut at every pair of positions', () => {
    const text = VALID_REPLIES['several actions']!.slice(0, 420);
    const whole = parseActionReply(text);
    for (let a = 0; a <= text.length; a += 3) {
      for (let b = a; b <= text.length; b += 5) {
        const { final } = collect([text.slice(0, a), text.slice(a, b), text.slice(b)]);
        expect(final).toEqual(whole);
      }
    }
  });

  it('keeps text that only looks like a tag as prose, at every cut', () => {
    const text = `Use <atelier-actions> or <atelier-action-x/> in prose.\n${deletion}`;
    const whole = parseActionReply(text);
    expect(whole.actions.map((a) => a.type)).toEqual(['delete_file']);
    expect(whole.text).toBe('Use <atelier-actions> or <atelier-action-x/> in prose.\n');
    for (let cut = 0; cut <= text.length; cut++) {
      expect(collect([text.slice(0, cut), text.slice(cut)]).final).toEqual(whole);
    }
  });

  it('reports an action complete only when its closing tag has arrived', () => {
    const parser = new IncrementalActionParser();
    const cut = contactsPage.length - 3;
    expect(parser.push(`Intro\n${contactsPage.slice(0, cut)}`)).toEqual([]);
    const streaming = parser.snapshot().actions[0]!;
    expect(streaming).toMatchObject({
      status: 'streaming',
      type: 'add_file',
      path: 'pages/Contacts.tsx',
      title: 'Add "contacts" page <1>',
    });
    expect(streaming.content).toContain('return <h1>Contacts & more</h1>;');
    const [done] = parser.push(contactsPage.slice(cut));
    expect(done).toMatchObject({ status: 'complete', index: 0 });
    expect(done!.content).toBe(
      'export default function Contacts() {\n  return <h1>Contacts & more</h1>;\n}\n',
    );
  });

  it('holds back an opening tag cut before its ">" (not an action yet)', () => {
    const parser = new IncrementalActionParser();
    parser.push('Hello <atelier-action type="add_file" pa');
    const snapshot = parser.snapshot();
    expect(snapshot.actions).toEqual([]);
    expect(snapshot.text).toBe('Hello ');
  });

  it('marks an action still open at the end of the stream as truncated, with the complete ones kept', () => {
    const text = `Intro\n${contactsPage}\n${layoutEdit.slice(0, 110)}`;
    const reply = parseActionReply(text);
    expect(reply.truncated).toBe(true);
    expect(reply.actions.map((a) => a.status)).toEqual(['complete', 'truncated']);
    expect(reply.actions[1]!.error).toBe(ACTION_PARSE_ERRORS.cutOff);
    // The same text, not yet finished, is still streaming.
    expect(parseActionReply(text, false).actions.map((a) => a.status)).toEqual(['complete', 'streaming']);
  });

  it('treats a stream cut inside an opening tag as a truncated action', () => {
    const reply = parseActionReply('Intro <atelier-action type="add_file" path="pages/A.tsx" ti');
    expect(reply.truncated).toBe(true);
    expect(reply.actions[0]).toMatchObject({ status: 'truncated', type: 'add_file', path: 'pages/A.tsx' });
  });

  it('ends an action that is not closed before the next one begins, unapplied', () => {
    const text = `<atelier-action type="add_file" path="a.tsx" title="A">\nconst a = 1;\n${deletion}`;
    const reply = parseActionReply(text);
    expect(reply.actions.map((a) => [a.type, a.status])).toEqual([
      ['add_file', 'truncated'],
      ['delete_file', 'complete'],
    ]);
    expect(reply.actions[0]).toMatchObject({ content: 'const a = 1;', error: ACTION_PARSE_ERRORS.notClosed });
    expect(reply.truncated).toBe(false);
  });

  it('applies an action wrapped in a markdown fence and drops the fence lines, at every cut', () => {
    const action =
      '<atelier-action type="add_file" path="pages/A.tsx" title="A">\nconst a = 1;\n</atelier-action>';
    const text = `Here it is:\n\n\`\`\`xml\n${action}\n${deletion}\n\`\`\`\n\nDone.\n\n\`\`\`ts\nconst kept = true;\n\`\`\``;
    const whole = parseActionReply(text);
    expect(whole.actions.map((a) => [a.type, a.status, a.error])).toEqual([
      ['add_file', 'complete', undefined],
      ['delete_file', 'complete', undefined],
    ]);
    expect(whole.actions[0]!.content).toBe('const a = 1;');
    // The fence around the actions is gone; a fence of real code stays.
    expect(whole.text).not.toContain('```xml');
    expect(whole.text.match(/```/g)).toHaveLength(2);
    expect(whole.text).toContain('```ts\nconst kept = true;\n```');
    expect(whole.text).toContain('Done.');
    for (let cut = 0; cut <= text.length; cut++) {
      const { final } = collect([text.slice(0, cut), text.slice(cut)]);
      expect(final).toEqual(whole);
    }
    expect(collect([...text]).final).toEqual(whole);
  });

  it('reads a self-closing tag as complete: applied when it needs no content, else malformed (not cut)', () => {
    const text =
      'Removing it.\n<atelier-action type="delete_file" path="pages/Old.tsx" title="Remove" />\n' +
      '<atelier-action type="add_file" path="pages/New.tsx" title="New"/>\n</atelier-action>\nThat is all.';
    const whole = parseActionReply(text);
    expect(whole.actions.map((a) => [a.type, a.status, a.error])).toEqual([
      ['delete_file', 'complete', undefined],
      ['add_file', 'complete', ACTION_PARSE_ERRORS.selfClosing],
    ]);
    expect(whole.truncated).toBe(false);
    expect(whole.text).not.toContain('</atelier-action>');
    expect(whole.text).toContain('That is all.');
    for (let cut = 0; cut <= text.length; cut++) {
      expect(collect([text.slice(0, cut), text.slice(cut)]).final).toEqual(whole);
    }
    // Each is reported once, when its tag ends (the server applies it then).
    expect(collect([...text]).ended).toEqual([0, 1]);
    // Each is reported once, when its tag ends (the server applies it then).
    expect(collect([...text]).ended).toEqual([0, 1]);
  });

  it('reports a nested tag as malformed, not as output that ended, and hides the stray closing tag', () => {
    const text = `<atelier-action type="add_file" path="pages/A.tsx" title="A">\nconst a = 1;\n${deletion}\n</atelier-action>\nDone.`;
    const whole = parseActionReply(text);
    expect(whole.actions.map((a) => [a.status, a.error])).toEqual([
      ['truncated', ACTION_PARSE_ERRORS.notClosed],
      ['complete', undefined],
    ]);
    expect(whole.actions[0]!.error).not.toBe(ACTION_PARSE_ERRORS.cutOff);
    expect(whole.truncated).toBe(false);
    expect(whole.text.trim()).toBe('Done.');
  });

  it('flags unknown types and missing attributes on the action', () => {
    const reply = parseActionReply(
      '<atelier-action type="launch_rocket" title="x">y</atelier-action>' +
        '<atelier-action type="add_file" title="no path">z</atelier-action>',
    );
    expect(reply.actions[0]!.error).toBe(ACTION_PARSE_ERRORS.unknownType('launch_rocket'));
    expect(reply.actions[1]!.error).toBe(ACTION_PARSE_ERRORS.missingAttribute('add_file', 'path'));
  });

  it('reads what models write besides the protocol: single quotes, upper-case tags and types, no title', () => {
    const text =
      "Here it is.\n<ATELIER-ACTION type='ADD_FILE' path='pages/A.tsx'>\nexport default 1;\n</Atelier-Action>\n" +
      '<atelier-action type="partial_edit" path="Layout.tsx">\nx\n</ATELIER-action>';
    const whole = parseActionReply(text);
    expect(whole.actions.map((a) => [a.type, a.title, a.path, a.status, a.error])).toEqual([
      ['add_file', 'Add pages/A.tsx', 'pages/A.tsx', 'complete', undefined],
      ['partial_edit', 'Edit Layout.tsx', 'Layout.tsx', 'complete', undefined],
    ]);
    expect(whole.actions[0]!.content).toBe('export default 1;');
    expect(whole.text).toBe('Here it is.\n\n');
    // Split anywhere, the same reply.
    for (let cut = 0; cut <= text.length; cut++) {
      expect(collect([text.slice(0, cut), text.slice(cut)]).final).toEqual(whole);
    }
    // Each is reported once, when its tag ends (the server applies it then).
    expect(collect([...text]).ended).toEqual([0, 1]);
  });

  it('drops an action whose closing tag never came, in any case, and keeps closed ones', () => {
    const closed = '<atelier-action type="delete_file" path="a.tsx"></atelier-action>';
    expect(withoutOpenAction(`Done.\n${closed}\n<ATELIER-ACTION type="add_file" path="b.tsx">\npart`)).toBe(
      `Done.\n${closed}`,
    );
    expect(withoutOpenAction(`Done.\n${closed}`)).toBe(`Done.\n${closed}`);
    const selfClosed = `Done.\n<atelier-action type="delete_file" path="pages/Old.tsx" />\nAnd more.`;
    expect(withoutOpenAction(selfClosed)).toBe(selfClosed);
  });

  it('unescapes attribute values', () => {
    const [action] = parseActionReply(
      '<atelier-action type="add_file" path="a.tsx" title="A &quot;b&quot; &lt;c&gt; &amp; d&#10;e"></atelier-action>',
    ).actions;
    expect(action!.title).toBe('A "b" <c> & d\ne');
  });

  it('refuses input after finish', () => {
    const parser = new IncrementalActionParser();
    parser.finish();
    expect(() => parser.push('x')).toThrow();
    expect(parser.finish()).toEqual([]);
  });
});
