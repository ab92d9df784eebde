import type { PermissionRole } from './tags.ts';

/**
 * The chat message that asks the assistant to change an entity's permissions (spec 2 §6: choosing
 * a preset sends a chat message). Real models and the offline assistant both understand it.
 */
export function permissionChangeRequest(
  entity: string,
  rls: { read: PermissionRole; write: PermissionRole },
): string {
  return `Change the permissions of the ${entity} entity: ${rls.read} can read, ${rls.write} can write`;
}
