import { UNTITLED_STACK } from '../../../shared/limits';
import type { OutboundRow } from './outbound.repo';

/** What a push shows and an e-mail says: a title, one line, and the app path it opens. */
export interface OutboundMessage {
  title: string;
  body: string;
  url: string;
}

const UNTITLED = UNTITLED_STACK;

const quoted = (name: string | null) => `“${name?.trim() || UNTITLED}”`;
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);
const id = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);

function stackPath(row: OutboundRow): string {
  return row.stack_id === null ? '/dashboard' : `/dashboard/${row.stack_is_twist ? 'twisted' : 'stacks'}/${row.stack_id}`;
}

/**
 * The message for one recipient of one event. It names only what the recipient may see: the stack
 * and its actor passed the live-event rule for them, and a notification's data was written for them.
 */
export function outboundMessage(row: OutboundRow): OutboundMessage {
  const actor = row.actor_name ?? 'Someone';
  const data = row.notification_data ?? {};
  switch (row.kind) {
    case 'stack_for_me':
      return {
        title: 'New stack',
        body: row.group_name !== null ? `${actor} posted ${quoted(row.stack_name)} in ${row.group_name}.` : `${actor} sent you ${quoted(row.stack_name)}.`,
        url: stackPath(row),
      };
    case 'answer_on_my_stack':
      return { title: 'New answer', body: `${actor} answered ${quoted(row.stack_name)}.`, url: stackPath(row) };
    case 'comment_on_my_stack':
      return { title: 'New comment', body: `${actor} commented on ${quoted(row.stack_name)}.`, url: stackPath(row) };
    case 'friend_request': {
      const from = id(data.from_user_id);
      return {
        title: 'New friend request',
        body: `${text(data.from_username, 'Someone')} wants to be your friend.`,
        url: from === undefined ? '/dashboard/users' : `/dashboard/users/${from}`,
      };
    }
    case 'group_invite': {
      const group = id(data.group_id);
      return {
        title: 'Group invitation',
        body: `${text(data.from_username, 'Someone')} invited you to ${text(data.group_name, 'a group')}.`,
        url: group === undefined ? '/dashboard/groups' : `/dashboard/groups/${group}`,
      };
    }
    case 'report_outcome':
      return { title: 'Your report', body: text(data.message, 'Your report was reviewed.'), url: '/dashboard' };
    case 'release_notes':
      return { title: 'What’s new in Stacks', body: text(data.message, 'Stacks has been updated.'), url: '/dashboard' };
    default:
      throw new Error(`No outbound message for kind ${row.kind}`);
  }
}
