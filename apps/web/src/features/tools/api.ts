import type {
  PublicTool,
  RunToolRequest,
  RunToolResponse,
  Tool,
  ToolsListResponse,
  UpdateToolRequest,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { queryKeys as appKeys } from '../apps/api.ts';

export const toolKeys = {
  all: ['tools'] as const,
  ofApp: (appId: string) => [...toolKeys.all, 'app', appId] as const,
  byPath: (path: string, appId?: string) => [...toolKeys.all, 'path', path, appId ?? null] as const,
};

const enc = encodeURIComponent;

/** The app's tools with the live-tool count and cap. */
export function useTools(appId: string) {
  return useQuery({
    queryKey: toolKeys.ofApp(appId),
    queryFn: ({ signal }) => apiFetch<ToolsListResponse>(`/api/apps/${enc(appId)}/tools`, { signal }),
  });
}

function useToolsInvalidation(appId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: toolKeys.ofApp(appId) });
    void client.invalidateQueries({ queryKey: appKeys.app(appId) });
  };
}

export function useCreateTool(appId: string) {
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: (input: { title: string; path?: string }) =>
      apiFetch<Tool>(`/api/apps/${enc(appId)}/tools`, { method: 'POST', body: input }),
    onSuccess: done,
  });
}

export function useUpdateTool(appId: string) {
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: ({ toolId, ...input }: UpdateToolRequest & { toolId: string }) =>
      apiFetch<Tool>(`/api/apps/${enc(appId)}/tools/${enc(toolId)}`, { method: 'PATCH', body: input }),
    onSettled: done,
  });
}

export function useDeleteTool(appId: string) {
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: (toolId: string) =>
      apiFetch<void>(`/api/apps/${enc(appId)}/tools/${enc(toolId)}`, { method: 'DELETE' }),
    onSuccess: done,
  });
}

export function useReorderTools(appId: string) {
  const client = useQueryClient();
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: (toolIds: string[]) =>
      apiFetch<{ tools: Tool[] }>(`/api/apps/${enc(appId)}/tools/order`, {
        method: 'PUT',
        body: { toolIds },
      }),
    onMutate: (toolIds) => {
      // The dragged order shows at once; the answer (or a failure) refreshes it.
      client.setQueryData<ToolsListResponse>(toolKeys.ofApp(appId), (old) =>
        old
          ? {
              ...old,
              tools: toolIds
                .map((id) => old.tools.find((tool) => tool.toolId === id))
                .filter((tool): tool is Tool => tool !== undefined),
            }
          : old,
      );
    },
    onSettled: done,
  });
}

/** `?appId=` when the page is under an app base (`/app/{appId}/tool/{toolPath}`): that app's tools only. */
const appQuery = (appId?: string) => (appId ? `?appId=${enc(appId)}` : '');

/** A live tool by its public path (404 answers "Tool with path {path} not found"). */
export function usePublicTool(path: string, appId?: string) {
  return useQuery({
    queryKey: toolKeys.byPath(path, appId),
    queryFn: ({ signal }) =>
      apiFetch<PublicTool>(`/api/tools/by-path/${enc(path)}${appQuery(appId)}`, { signal }),
    retry: false,
  });
}

/** Runs a tool; `headers` carries the end user's bearer session when one is signed in. */
export const runTool = (
  path: string,
  input: RunToolRequest,
  options: { signal?: AbortSignal; appId?: string; headers?: Record<string, string> } = {},
) =>
  apiFetch<RunToolResponse>(`/api/tools/by-path/${enc(path)}/run${appQuery(options.appId)}`, {
    method: 'POST',
    body: input,
    signal: options.signal,
    headers: options.headers,
  });

/** The public address of a tool on this site. */
export const toolUrl = (path: string) => `${window.location.origin}/tool/${path}`;
