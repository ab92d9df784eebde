import type {
  PublicTool,
  RunToolRequest,
  RunToolResponse,
  Tool,
  ToolsListResponse,
  UpdateToolRequest,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api.ts';
import { queryKeys as appKeys } from '../apps/api.ts';

export const toolKeys = {
  all: ['tools'] as const,
  ofApp: (appId: string) => [...toolKeys.all, 'app', appId] as const,
  byPath: (path: string, appId?: string) => [...toolKeys.all, 'path', path, appId ?? null] as const,
};

const app = (appId: string) => ({ path: { appId } });
const tool = (appId: string, toolId: string) => ({ path: { appId, toolId } });

/** The app's tools with the live-tool count and cap. */
export function useTools(appId: string) {
  return useQuery({
    queryKey: toolKeys.ofApp(appId),
    queryFn: ({ signal }) =>
      answer<ToolsListResponse>(api.GET('/apps/{appId}/tools', { params: app(appId), signal })),
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
      answer<Tool>(api.POST('/apps/{appId}/tools', { params: app(appId), body: input })),
    onSuccess: done,
  });
}

export function useUpdateTool(appId: string) {
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: ({ toolId, ...input }: UpdateToolRequest & { toolId: string }) =>
      answer<Tool>(api.PATCH('/apps/{appId}/tools/{toolId}', { params: tool(appId, toolId), body: input })),
    onSettled: done,
  });
}

export function useDeleteTool(appId: string) {
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: (toolId: string) =>
      answer(api.DELETE('/apps/{appId}/tools/{toolId}', { params: tool(appId, toolId) })),
    onSuccess: done,
  });
}

export function useReorderTools(appId: string) {
  const client = useQueryClient();
  const done = useToolsInvalidation(appId);
  return useMutation({
    mutationFn: (toolIds: string[]) =>
      answer<{ tools: Tool[] }>(
        api.PUT('/apps/{appId}/tools/order', { params: app(appId), body: { toolIds } }),
      ),
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
const byPath = (path: string, appId?: string) => ({ path: { path }, query: appId ? { appId } : {} });

/** A live tool by its public path (404 answers "Tool with path {path} not found"). */
export function usePublicTool(path: string, appId?: string) {
  return useQuery({
    queryKey: toolKeys.byPath(path, appId),
    queryFn: ({ signal }) =>
      answer<PublicTool>(api.GET('/tools/by-path/{path}', { params: byPath(path, appId), signal })),
    retry: false,
  });
}

/** Runs a tool; `headers` carries the end user's bearer session when one is signed in. */
export const runTool = (
  path: string,
  input: RunToolRequest,
  options: { signal?: AbortSignal; appId?: string; headers?: Record<string, string> } = {},
) =>
  answer<RunToolResponse>(
    api.POST('/tools/by-path/{path}/run', {
      params: byPath(path, options.appId),
      body: input,
      signal: options.signal,
      headers: options.headers,
    }),
  );

/** The public address of a tool on this site. */
export const toolUrl = (path: string) => `${window.location.origin}/tool/${path}`;
