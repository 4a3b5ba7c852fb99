import { LIMITS } from '../../../../shared/limits';

/** A send that got no answer: the text stays in the box (and in the saved draft). */
export const COMMENT_NOT_SENT = "Your comment was not sent: the server can't be reached. It is kept here; send it again once reconnected.";
export const COMMENT_WAITING = 'Waiting for the connection: your comment will be sent when it is back.';

const newlineCount = (text: string) => text.match(/\n/g)?.length ?? 0;

/**
 * The comment box rules of spec 2 §5: at most 200 characters, more than 3 newlines refused with
 * 'Too many new line characters.', nothing but whitespace refused.
 */
export function commentProblems(text: string): { tooManyNewlines: boolean; tooLong: boolean; empty: boolean } {
  return { tooManyNewlines: newlineCount(text) > LIMITS.commentMaxNewlines, tooLong: text.length > LIMITS.commentMax, empty: text.trim() === '' };
}

