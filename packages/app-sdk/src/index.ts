/**
 * @atelier/app-sdk — the client that generated Atelier apps import.
 * Its surface (entities, auth, functions, integrations) arrives with the generated-apps issue.
 */
export const SDK_VERSION = '0.1.0';
