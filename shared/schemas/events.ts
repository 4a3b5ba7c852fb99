import { z } from 'zod';
import { UnreadCount } from './users';

/*
 * The live events of GET /v1/events (Server-Sent Events), one schema per `event:` type. Each
 * message is `id: <cursor>` (opaque, increasing), `event: <type>` and `data: <JSON>`. The server
 * sends an event only to users who may see its object at that moment, by the rules of the REST
 * reads. The client treats an event as a hint to refetch: the REST reads stay the source of truth.
 */

const StackKind = z.enum(['stack', 'twisted']);

const StackRef = z.object({
  stack_id: z.number().int().describe('The stack or twisted stack.'),
  type: StackKind,
  original_id: z.number().int().nullable().describe('For a twisted stack, the stack it twists; else null.'),
});

export const LiveEventData = {
  /** A stack or twist I may see was made. */
  'stack.created': StackRef,
  /** A stack I may see changed: edited, sandboxed, unsandboxed, or hidden for other users. */
  'stack.updated': StackRef,
  /** A stack I could see was deleted. */
  'stack.deleted': StackRef,
  /** A stack was hidden for me (by me or by an admin): drop it from view. */
  'stack.hidden': StackRef,
  /** Someone answered a stack I may see. */
  'stack.answered': StackRef.extend({ user_id: z.number().int() }),
  /** A comment I may see was written on a stack I may see. */
  'comment.created': z.object({ stack_id: z.number().int(), type: StackKind, comment_id: z.number().int() }),
  /** A comment I may see was edited, sandboxed or deleted. */
  'comment.updated': z.object({ stack_id: z.number().int(), type: StackKind, comment_id: z.number().int() }),
  /** A notification for me, with my unread counts after it. */
  'notification.created': z.object({ notification_id: z.number().int(), type: z.string(), unread: UnreadCount }),
  /** Someone joined a group I am in (or I joined one). */
  'group.member_joined': z.object({ group_id: z.number().int(), user_id: z.number().int() }),
  /** Someone left or was removed from a group I am in (or I did). */
  'group.member_left': z.object({ group_id: z.number().int(), user_id: z.number().int() }),
  /**
   * One of my bulk actions changed many stacks at once (Hide New Stacks, Clear Updates), on any of
   * my devices: refetch the stack list. It stands for the per-stack events such a call does not
   * send (one summary, to my own streams only: nobody else sees a change).
   */
  'feed.bulk_updated': z.object({
    action: z.enum(['hide_new', 'clear_updates', 'unhide']).describe('hide_new: Hide New Stacks; clear_updates: Clear Updates; unhide: hidden stacks shown again (one, or Unhide all).'),
    count: z.number().int().describe('How many stacks it hid or marked viewed.'),
  }),
  /** The cursor given in Last-Event-ID is older than what the server keeps: refetch everything. */
  refetch: z.object({ reason: z.literal('cursor_too_old') }),
} as const;

export type LiveEventType = keyof typeof LiveEventData;
export type LiveEvent = { [K in LiveEventType]: { id: string; type: K; data: z.infer<(typeof LiveEventData)[K]> } }[LiveEventType];

export const LIVE_EVENT_TYPES = Object.keys(LiveEventData) as LiveEventType[];
