import { CHAT_MESSAGES } from '@atelier/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatInput } from './chat-input.tsx';
import { dueMessage, QueuedMessageNote } from './queued-message.tsx';

describe('queued chat message (issue 21 §3)', () => {
  const queued = { text: 'Add a contacts page', options: { discuss: false } };

  it('is due once the running reply has ended, not while it runs', () => {
    expect(dueMessage(true, queued)).toBeNull();
    expect(dueMessage(false, queued)).toBe(queued);
    expect(dueMessage(false, null)).toBeNull();
  });

  it('shows the queued text, that it sends when the reply ends, and a Remove button', () => {
    const html = renderToStaticMarkup(<QueuedMessageNote queued={queued} onRemove={() => {}} />);
    expect(html).toContain('Add a contacts page');
    expect(html).toContain(CHAT_MESSAGES.queued);
    expect(html).toContain(`aria-label="${CHAT_MESSAGES.removeQueued}"`);
    const files = renderToStaticMarkup(
      <QueuedMessageNote
        queued={{
          text: '',
          options: { attachments: [{ name: 'a.png', url: '/a', contentType: 'image/png' }] },
        }}
        onRemove={() => {}}
      />,
    );
    expect(files).toContain('1 file');
  });

  it('offers Queue next to Stop while a reply runs, and Send otherwise', () => {
    const running = renderToStaticMarkup(<ChatInput appId="a" busy onSend={() => {}} onStop={() => {}} />);
    expect(running).toContain(CHAT_MESSAGES.queue);
    expect(running).toContain(CHAT_MESSAGES.stop);
    expect(running).not.toContain('>Send<');
    const idle = renderToStaticMarkup(<ChatInput appId="a" busy={false} onSend={() => {}} />);
    expect(idle).not.toContain(CHAT_MESSAGES.queue);
    expect(idle).toContain('Send');
  });
});
