import type {
  ChatActivateResponse,
  ClaimAppResponse,
  ClaimInfo,
  ClaimInvitation,
  SettingsAccess,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';
import { queryKeys as appKeys } from '../apps/api.ts';

export const settingsKeys = {
  access: () => ['builder', 'settings-access'] as const,
  claim: (appId: string) => ['claims', appId] as const,
};

/** Whether the signed-in builder is offered the tool template library switch (spec 1 §6). */
export function useSettingsAccess() {
  return useQuery({
    queryKey: settingsKeys.access(),
    queryFn: ({ signal }) => answer<SettingsAccess>(api.GET('/builder/settings-access', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/apps/{appId}/settings/claimInvitation` (spec 2 §7). */
export const fetchClaimInvitation = (appId: string) =>
  answer<ClaimInvitation>(api.GET('/apps/{appId}/settings/claimInvitation', { params: { path: { appId } } }));

/** `POST /api/apps/{appId}/chat/activate` (spec 2 §7). */
export const activateChat = (appId: string, isActive: boolean) =>
  answer<ChatActivateResponse>(
    api.POST('/apps/{appId}/chat/activate', { params: { path: { appId } }, body: { isActive } }),
  );

/** The app an invite link offers (the claim page). */
export function useClaimInfo(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.claim(appId),
    queryFn: ({ signal }) =>
      answer<ClaimInfo>(api.GET('/apps/{appId}/claim', { params: { path: { appId } }, signal })),
    enabled,
    retry: false,
  });
}

export function useClaimApp(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claimCode: string) =>
      answer<ClaimAppResponse>(
        api.POST('/apps/{appId}/claim', { params: { path: { appId } }, body: { claimCode } }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: appKeys.all }),
  });
}
