import type { Responder, TwistedStack } from '../../../../shared/schemas/stacks';
import type { Navigation } from './stack-navigation';
import { PositionList, rankedItems, ResponderCard, ResponsesSection } from './response-cards';

/**
 * Per responder: the original ranking on the left, the updated one on the right (spec 2 §2.4);
 * then those who answered the original but not the twist yet.
 */
export function TwistedResponses({ stack, meId, nav }: { stack: TwistedStack; meId: number | undefined; nav: Navigation }) {
  const originals = new Map(stack.original.users.map((user) => [user.user_id, user]));
  const answeredIds = new Set(stack.users.map((user) => user.user_id));
  const waiting = stack.original.users.filter((user) => !answeredIds.has(user.user_id));
  const columns = (username: string, original: Responder | undefined, updated: Responder | undefined) => (
    <div className="grid grid-cols-2 gap-4">
      <RankingColumn stack={stack} title="Original" responder={original} label={`${username}'s original ranking`} />
      <RankingColumn stack={stack} title="Updated" responder={updated} label={`${username}'s updated ranking`} />
    </div>
  );

  return (
    <ResponsesSection>
      {stack.users.map((user) => (
        <ResponderCard key={user.user_id} user={user} meId={meId} nav={nav}>
          {columns(user.username, originals.get(user.user_id), user)}
        </ResponderCard>
      ))}
      {waiting.map((user) => (
        <ResponderCard key={user.user_id} user={user} meId={undefined} nav={nav} scored={false}>
          {columns(user.username, user, undefined)}
        </ResponderCard>
      ))}
    </ResponsesSection>
  );
}

function RankingColumn({ stack, title, responder, label }: { stack: TwistedStack; title: string; responder: Responder | undefined; label: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-base-content/60">{title}</p>
      {responder ? (
        <PositionList label={label} items={rankedItems(stack.positions, responder.position_ids, responder.positions)} />
      ) : (
        <p className="text-sm text-base-content/60">Not answered yet</p>
      )}
    </div>
  );
}
