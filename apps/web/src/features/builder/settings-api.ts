import type {
  ChatActivateResponse,
  ClaimAppResponse,
  ClaimInfo,
  ClaimInvitation,
  SettingsAccess,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { queryKeys as appKeys } from '../apps/api.ts';

const enc = encodeURIComponent;

export const settingsKeys = {
  access: () => ['builder', 'settings-access'] as const,
  claim: (appId: string) => ['claims', appId] as const,
};

/** Whether the signed-in builder is offered the tool template library switch (spec 1 §6). */
export function useSettingsAccess() {
  return useQuery({
    queryKey: settingsKeys.access(),
    queryFn: ({ signal }) => apiFetch<SettingsAccess>('/api/builder/settings-access', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/apps/{appId}/settings/claimInvitation` (spec 2 §7). */
export const fetchClaimInvitation = (appId: string) =>
  apiFetch<ClaimInvitation>(`/api/apps/${enc(appId)}/settings/claimInvitation`);

/** `POST /api/apps/{appId}/chat/activate` (spec 2 §7). */
export const activateChat = (appId: string, isActive: boolean) =>
  apiFetch<ChatActivateResponse>(`/api/apps/${enc(appId)}/chat/activate`, {
    method: 'POST',
    body: { isActive },
  });

/** The app an invite link offers (the claim page). */
export function useClaimInfo(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.claim(appId),
    queryFn: ({ signal }) => apiFetch<ClaimInfo>(`/api/apps/${enc(appId)}/claim`, { signal }),
    enabled,
    retry: false,
  });
}

export function useClaimApp(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claimCode: string) =>
      apiFetch<ClaimAppResponse>(`/api/apps/${enc(appId)}/claim`, { method: 'POST', body: { claimCode } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: appKeys.all }),
  });
}
