import { describe, expect, it } from 'vitest';
import { returnPathOf, upgradeLink } from './hooks/use-upgrade-dialog.ts';

describe('plan dialog links', () => {
  it('opens the dialog with ?goto=upgrade_app_plan, optionally for one plan', () => {
    expect(upgradeLink()).toBe('?goto=upgrade_app_plan');
    expect(upgradeLink('moon')).toBe('?goto=upgrade_app_plan&plan=moon');
  });

  it('comes back from the checkout to the same page without the dialog and sale parameters', () => {
    expect(returnPathOf({ pathname: '/apps/a1/data', search: '?goto=upgrade_app_plan&plan=moon' })).toBe(
      '/apps/a1/data',
    );
    expect(
      returnPathOf({ pathname: '/build/app/a1', search: '?messageId=m1&goto=upgrade_app_plan&sale_id=s' }),
    ).toBe('/build/app/a1?messageId=m1');
  });
});
