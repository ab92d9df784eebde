import type { PermissionRole } from '../actions/tags.ts';
import type { EntityRls } from '../app-files/entity-schema.ts';

/** The entity that holds the app's end users: hidden from the database panel (spec 2 §2, §9). */
export const HIDDEN_ENTITY_NAME = 'User';

/** One access-control preset: a pair of read and write roles with a name and a description. */
export interface AccessPreset {
  id: string;
  read: PermissionRole;
  write: PermissionRole;
  name: string;
  description: string;
}

/**
 * The presets of the access-control popover, in the spec's order (spec 2 §6, spec 3 §6). Only the
 * first name is the spec's text; the others follow its style.
 */
export const ACCESS_PRESETS: readonly AccessPreset[] = [
  {
    id: 'public-submit',
    read: 'admin',
    write: 'anonymous',
    name: 'Anyone can submit, only admins can view',
    description:
      'Forms, sign-ups and feedback: anyone, even signed out, can add a record; only admins see them.',
  },
  {
    id: 'public-read',
    read: 'anonymous',
    write: 'admin',
    name: 'Anyone can view, only admins can edit',
    description: 'Public content such as a catalogue, a menu or blog posts.',
  },
  {
    id: 'members-read',
    read: 'all',
    write: 'admin',
    name: 'Signed-in users can view, only admins can edit',
    description: 'Content for members: every signed-in user reads it, admins maintain it.',
  },
  {
    id: 'members-own',
    read: 'all',
    write: 'creator',
    name: 'Signed-in users can view, creators edit their own',
    description: 'A shared board: everyone signed in sees every record; each user changes only their own.',
  },
  {
    id: 'private',
    read: 'creator',
    write: 'creator',
    name: 'Only the creator can view and edit',
    description: 'Personal data: each user sees and changes only the records they created (the default).',
  },
  {
    id: 'admins-only',
    read: 'admin',
    write: 'admin',
    name: 'Only admins can view and edit',
    description: 'Internal data that only the app’s admins work with.',
  },
];

/** The preset with these roles, if any (none for rules in Base44's format: `rls` null). */
export function presetFor(rls: EntityRls | null): AccessPreset | undefined {
  if (!rls) return undefined;
  return ACCESS_PRESETS.find((preset) => preset.read === rls.read && preset.write === rls.write);
}

/** The popover's label of an entity whose rules are in Base44's format (per operation, in its file). */
export const BASE44_RULES_LABEL = 'Custom rules per operation (Base44 format)';

/** What the popover shows: the preset's name, or '{read role} can read, {write role} can write' (spec 2 §6). */
export function accessLabel(rls: EntityRls | null): string {
  if (!rls) return BASE44_RULES_LABEL;
  return presetFor(rls)?.name ?? `${rls.read} can read, ${rls.write} can write`;
}

/** Texts of the access-control popover (spec 2 §6). */
export const ACCESS_MESSAGES = {
  chatBusy: 'Please wait for chat to finish before updating permissions',
  requestFailed: 'Failed to request access control change',
} as const;
