import { sql } from 'kysely';
import { LIMITS } from '../../shared/limits';
import { STACK_MESSAGES } from '../../shared/schemas/stacks';
import { badRequest, conflict, forbidden, notFound, type AppError } from '../errors';
import { adminPowerRefusal } from './admin';
import type { Viewer } from '../viewer';

// Who may act on a stack, a twisted stack or a comment. Each refusal answers the error for the
// first rule the viewer breaks, or null when the viewer may: the services throw it, and the
// `me.can_*` flags the client reads show whether it is null (docs/decisions/0025-permission-flags-from-server.md).

/**
 * The stack aliased `s` was created within the edit window (LIMITS.editWindowMinutes), by the
 * database clock: the SQL half of the edit rule (`in_edit_window` below). A literal, so the
 * statement text stays the same for prepared statements.
 */
export const inEditWindow = sql<boolean>`s.created_at > now() - make_interval(mins => ${sql.lit(LIMITS.editWindowMinutes)})`;

/** What the edit, delete and sandbox rules look at; both the detail row and the bare row have it. */
export interface StackFacts {
  owner_id: number;
  mode: string;
  bot_id: number | null;
  is_sandboxed: boolean;
  /** Created less than an hour ago, by the database clock. */
  in_edit_window: boolean;
  /** Responders other than the owner. */
  other_responders: number;
  responders: number;
}

/**
 * The stack rules, once: each answers the error for the first rule the viewer breaks, or null when
 * the viewer may. The mutations throw it; the `me.can_*` flags show whether it is null.
 */
export function editRefusal(row: Pick<StackFacts, 'owner_id' | 'in_edit_window' | 'other_responders'>, viewer: Viewer): AppError | null {
  if (row.owner_id !== viewer.id) return forbidden('Only the owner can edit this stack', 'NOT_OWNER');
  if (!row.in_edit_window || row.other_responders > 0) return forbidden(STACK_MESSAGES.editClosed, 'EDIT_WINDOW_CLOSED');
  return null;
}

/** Admins delete a bot stack nobody answered. */
export function deleteRefusal(row: Pick<StackFacts, 'bot_id' | 'responders'>, viewer: Viewer): AppError | null {
  if (!viewer.isAdmin) return adminPowerRefusal(viewer, 'Only admins can delete stacks');
  if (row.bot_id === null) return forbidden('Only bot stacks can be deleted', 'NOT_BOT_STACK');
  if (row.responders > 0) return conflict('HAS_RESPONSES', 'A stack that has responses cannot be deleted');
  return null;
}

/** A group stack: its owner or an admin sandboxes it, only an admin unsandboxes it. */
export function sandboxRefusal(row: Pick<StackFacts, 'mode' | 'owner_id' | 'is_sandboxed'>, viewer: Viewer, sandboxed: boolean): AppError | null {
  if (row.mode !== 'group') return badRequest('NOT_GROUP_STACK', 'Only group stacks can be sandboxed');
  if (sandboxed) {
    if (row.owner_id !== viewer.id && !viewer.isAdmin) return adminPowerRefusal(viewer, 'Only the owner or an admin can sandbox this stack', 'NOT_ALLOWED');
    if (row.is_sandboxed) return conflict('ALREADY_SANDBOXED', 'This stack is already sandboxed');
  } else {
    if (!viewer.isAdmin) return adminPowerRefusal(viewer, 'Only admins can unsandbox a stack');
    if (!row.is_sandboxed) return conflict('NOT_SANDBOXED', 'This stack is not sandboxed');
  }
  return null;
}

/**
 * Showing a hidden stack again (docs/rules.md): only a hide the user made themself (one stack, or
 * Hide New Stacks). An admin's hide for a member is not the member's to undo; it also hides the
 * stack from them altogether (canSeeStack), so it answers as a stack they never hid: 404, which
 * tells nothing about the stack or the admin.
 */
export function unhideRefusal(hide: { hidden_by: number | null } | undefined, viewer: Viewer): AppError | null {
  if (!hide || hide.hidden_by !== viewer.id) return notFound(STACK_MESSAGES.notHidden, 'NOT_HIDDEN');
  return null;
}

/** Admins hide a group stack for chosen members (spec 2 §6); twisted stacks have no such call. */
export function hideForUsersRefusal(row: { mode: string; group_id: number | null }, viewer: Viewer): AppError | null {
  if (!viewer.isAdmin) return adminPowerRefusal(viewer, 'Only admins can hide a stack for other users');
  if (row.mode !== 'group' || row.group_id === null) return badRequest('NOT_GROUP_STACK', 'Only group stacks can be hidden for other users');
  return null;
}

export type CommentFacts = { user_id: number; sandboxed_by_admin: boolean };

/** Authors edit and delete their own comments only (spec 2 §6). */
export function commentAuthorRefusal(comment: CommentFacts, viewer: Viewer, action: 'edit' | 'delete'): AppError | null {
  return comment.user_id === viewer.id ? null : forbidden(`You can only ${action} your own comments`, 'NOT_AUTHOR');
}

/**
 * Authors sandbox their own comments and may lift a sandbox they set; admins sandbox and
 * unsandbox any comment, and a sandbox an admin set only an admin lifts (spec 2 §6).
 */
export function commentSandboxRefusal(comment: CommentFacts, viewer: Viewer, sandboxed: boolean): AppError | null {
  if (comment.user_id !== viewer.id && !viewer.isAdmin) return adminPowerRefusal(viewer, 'You can only sandbox your own comments', 'NOT_AUTHOR');
  if (!sandboxed && comment.sandboxed_by_admin && !viewer.isAdmin) return adminPowerRefusal(viewer, 'Only an admin can unsandbox a comment an admin sandboxed', 'SANDBOXED_BY_ADMIN');
  return null;
}

/**
 * Answering and commenting belong to the stack's audience. An admin outside it (not a member of
 * the group, say) may see the stack to moderate it, so the refusal is 403, not 404: it hides
 * nothing the admin cannot already read.
 */
export function audienceRefusal(row: { in_audience: boolean }, action: 'answer' | 'comment'): AppError | null {
  if (row.in_audience) return null;
  return forbidden(action === 'answer' ? "Only the stack's audience can answer it" : "Only the stack's audience can comment on it", 'NOT_IN_AUDIENCE');
}

/** Can the viewer twist this stack? Answered, not twisted yet, and it qualifies (spec 2 §6). */
export function twistQualifies(row: { parent_id: number | null; mode: string; owner_id: number; friend_id: number | null }, answeredBy: number[], viewerId: number, twisted: boolean) {
  if (row.parent_id !== null || twisted || !answeredBy.includes(viewerId)) return false;
  if (row.mode === 'friend') return answeredBy.includes(row.owner_id) && row.friend_id !== null && answeredBy.includes(row.friend_id);
  return answeredBy.filter((id) => id !== viewerId).length >= 2;
}
