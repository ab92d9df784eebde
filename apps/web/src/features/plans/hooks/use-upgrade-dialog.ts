import { GOTO_PARAM, GOTO_UPGRADE_APP_PLAN } from '@atelier/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `&plan=<id>` with `?goto=upgrade_app_plan` opens the single-plan monthly/yearly chooser. */
export const PLAN_PARAM = 'plan';

/** The link that opens the plan dialog on the current page (optionally for one plan). */
export function upgradeLink(planId?: string): string {
  return `?${GOTO_PARAM}=${GOTO_UPGRADE_APP_PLAN}${planId ? `&${PLAN_PARAM}=${encodeURIComponent(planId)}` : ''}`;
}

/** The plan dialog lives in the URL (`?goto=upgrade_app_plan`), so any page and any link can open it. */
export function useUpgradeDialog() {
  const [params, setParams] = useSearchParams();
  const open = params.get(GOTO_PARAM) === GOTO_UPGRADE_APP_PLAN;
  const planId = open ? params.get(PLAN_PARAM) : null;

  const show = useCallback(
    (plan?: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(GOTO_PARAM, GOTO_UPGRADE_APP_PLAN);
        if (plan) next.set(PLAN_PARAM, plan);
        else next.delete(PLAN_PARAM);
        return next;
      }),
    [setParams],
  );

  const close = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(GOTO_PARAM);
          next.delete(PLAN_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { open, planId, show, close };
}

/** The current page without the dialog's parameters: where a checkout comes back to. */
export function returnPathOf(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(GOTO_PARAM);
  params.delete(PLAN_PARAM);
  params.delete('sale_id');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}
