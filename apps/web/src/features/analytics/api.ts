import type { AppAnalytics } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';

export const analyticsKeys = {
  app: (appId: string, days: number) => ['analytics', appId, days] as const,
};

/** `GET /api/apps/{appId}/analytics?days=` (409 "Publish your app to access analytics." while a draft). */
export function useAppAnalytics(appId: string, days: number) {
  return useQuery({
    queryKey: analyticsKeys.app(appId, days),
    queryFn: ({ signal }) =>
      answer<AppAnalytics>(
        api.GET('/apps/{appId}/analytics', { params: { path: { appId }, query: { days } }, signal }),
      ),
    retry: false,
  });
}
