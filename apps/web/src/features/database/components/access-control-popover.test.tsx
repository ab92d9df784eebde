import { BASE44_RULES_LABEL } from '@atelier/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccessControlPopover } from './access-control-popover.tsx';

describe('AccessControlPopover', () => {
  it('names the preset of Atelier roles, and says when the rules are in Base44 format', () => {
    const roles = renderToStaticMarkup(
      <AccessControlPopover entity="Task" rls={{ read: 'creator', write: 'creator' }} />,
    );
    expect(roles).toContain('Access control: Only the creator can view and edit');
    const base44 = renderToStaticMarkup(<AccessControlPopover entity="Task" rls={null} />);
    expect(base44).toContain(`Access control: ${BASE44_RULES_LABEL}`);
  });
});
