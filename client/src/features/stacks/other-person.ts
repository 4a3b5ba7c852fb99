import type { Stack, TwistedStack } from '../../../../shared/schemas/stacks';

/** A loaded detail of either kind; the kind says which. */
export type Detail = { kind: 'stack'; stack: Stack } | { kind: 'twisted'; stack: TwistedStack };

export interface Person {
  id: number;
  username: string;
}

/**
 * The other person of a friend stack as the viewer sees it (the 'Friend:' link; the copy prefills
 * them, spec 2 §6): the friend it was sent to, else its owner. A twisted stack's owner is whoever
 * twisted it, so when both are the viewer, it is the other one who answered the original.
 */
export function otherPerson(detail: Detail, meId: number | undefined): Person | null {
  const { stack } = detail;
  if (stack.audience.type !== 'friend') return null;
  const originals = detail.kind === 'twisted' ? detail.stack.original.users.map((user) => ({ id: user.user_id, username: user.username })) : [];
  const people = [stack.audience.user, { id: stack.owner_id, username: stack.owner_username }, ...originals];
  const other = people.find((person) => person !== null && person.id !== meId);
  return other ? { id: other.id, username: other.username } : null;
}

