import { useMutation, useQuery } from '@tanstack/react-query';
import { describeScore } from '../../../../shared/scoring';
import type { Stack } from '../../../../shared/schemas/stacks';
import { useCurrentUser } from '../../lib/current-user';
import { useTRPC } from '../../lib/trpc';
import { CommentsSection } from './comments-section';
import { DetailHeader, LinkButton, LoadState, navigationOf, useLoadCallbacks, useSubmitRanking, type Navigation, type StackDetailProps } from './detail-parts';
import { RankingBoard } from './ranking-board';
import { PositionList, rankedItems, ResponseCard } from './response-cards';
import { StackActions } from './stack-actions';
import { useStackQueryOptions } from './stack-queries';

export type { StackDetailProps } from './detail-parts';

/** Spec 2 §2.3 Stack detail for an ordinary stack. */
export function StackDetail(props: StackDetailProps) {
  const options = useStackQueryOptions();
  const stack = useQuery(options.stack(props.id));
  const me = useCurrentUser();
  const failed = stack.isError && !stack.data;
  useLoadCallbacks(props, stack.data ? { name: stack.data.name } : undefined, failed ? 'Failed to load stack' : null);
  // The viewer's id decides what is 'mine' (own card first, own comments): wait for it too.
  if (!stack.data || me.isPending) {
    return <LoadState failed={failed} message="Failed to load stack" retrying={stack.isFetching} onRetry={() => void stack.refetch()} onClose={props.onClose} />;
  }
  return <StackContent stack={stack.data} nav={navigationOf(props)} onClose={props.onClose} onReload={() => stack.refetch()} />;
}

interface StackContentProps {
  stack: Stack;
  nav: Navigation;
  onClose(): void;
  onReload(): Promise<unknown>;
}

function StackContent({ stack, nav, onClose, onReload }: StackContentProps) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const meId = me.data?.id;
  const isAdmin = me.data?.role === 'ADMIN';
  const complete = useMutation(trpc.stacks.complete.mutationOptions());
  const ranking = useSubmitRanking((positionIds) => complete.mutateAsync({ id: stack.id, position_ids: positionIds }), onReload);

  // An admin outside the audience cannot answer: they see responses and comments to moderate them.
  const showResponses = stack.me.is_answered || !stack.me.can_answer;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <DetailHeader stack={stack} meId={meId} nav={nav} onClose={onClose} />
      {showResponses ? (
        <>
          <Responses stack={stack} meId={meId} nav={nav} />
          <CommentsSection
            kind="stack"
            stackId={stack.id}
            comments={stack.comments}
            hasMore={stack.comments_has_more}
            canComment={stack.me.can_comment}
            meId={meId}
            isAdmin={isAdmin}
            onChanged={onReload}
            onOpenUser={nav.onOpenUser}
          />
        </>
      ) : (
        <RankingBoard key={stack.positions.join('\n')} positions={stack.positions} onSubmit={ranking.submit} submitting={ranking.submitting} error={ranking.error} />
      )}
      <StackActions stack={stack} meId={meId} isAdmin={isAdmin} onReload={onReload} onClose={onClose} onOpenStack={nav.onOpenStack} />
    </div>
  );
}

/** Responses: the Group Consensus card (group stacks), then each responder, the viewer first. */
function Responses({ stack, meId, nav }: { stack: Stack; meId: number | undefined; nav: Navigation }) {
  const blocked = new Set(stack.blocked_user_ids);
  const responders = stack.users
    .filter((user) => !blocked.has(user.user_id))
    .sort((a, b) => Number(b.user_id === meId) - Number(a.user_id === meId));
  const othersAnswered = responders.some((user) => user.user_id !== meId);
  return (
    <section aria-labelledby="responses-title" className="space-y-3">
      <h3 id="responses-title" className="text-xl font-bold">
        Responses
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {stack.audience.type === 'group' && stack.consensus && (
          <ResponseCard name="Group Consensus" title="Group Consensus" highlight>
            <PositionList label="Group Consensus ranking" items={rankedItems(stack.positions, null, stack.consensus)} />
          </ResponseCard>
        )}
        {responders.map((user) => {
          const isMe = user.user_id === meId;
          return (
            <ResponseCard
              key={user.user_id}
              name={`${user.username}'s response`}
              title={isMe ? user.username : <LinkButton onClick={() => nav.onOpenUser(user.user_id)}>{user.username}</LinkButton>}
              label={describeScore(user.score, isMe)}
            >
              <PositionList label={`${user.username}'s ranking`} items={rankedItems(stack.positions, user.position_ids, user.positions)} />
            </ResponseCard>
          );
        })}
      </div>
      {!othersAnswered && <p className="text-sm text-base-content/70">Nobody else has answered yet.</p>}
    </section>
  );
}
