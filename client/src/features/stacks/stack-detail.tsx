import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Stack } from '../../../../shared/schemas/stacks';
import { ReportButton } from '../../components/report-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { CommentsSection } from './comments-section';
import type { StackKind } from './stack-kind';
import { ConsensusCards } from './consensus-cards';
import { DetailHeader } from './detail-header';
import { LoadState } from './load-state';
import { otherPerson, type Detail } from './other-person';
import { navigationOf, type Navigation, type StackDetailProps } from './stack-navigation';
import { useLoadCallbacks } from './use-load-callbacks';
import { useSubmitRanking } from './use-submit-ranking';
import { RankingBoard } from './ranking-board';
import { CopyLinkButton, ShareImageButton } from './share-image-button';
import { PositionList, rankedItems, ResponderCard, ResponsesSection } from './response-cards';
import { StackActions } from './stack-actions';
import { useStackQueryOptions } from './stack-queries';
import { isStackGone, STACK_GONE_MESSAGE, StackGone } from './stack-gone';
import { TwistedResponses } from './twisted-responses';
import { useStackMutations } from './use-stack-mutations';

export type { StackDetailProps } from './stack-navigation';

const LOAD_FAILED = { stack: 'Failed to load stack', twisted: 'Failed to load twisted stack' } as const;

/** Loads a stack or a twisted stack; only the query of `kind` runs. */
function useDetail(kind: StackKind, id: number) {
  const options = useStackQueryOptions();
  const stack = useQuery({ ...options.stack(id), enabled: kind === 'stack' });
  const twisted = useQuery({ ...options.twisted(id), enabled: kind === 'twisted' });
  const query = kind === 'stack' ? stack : twisted;
  const detail: Detail | undefined =
    kind === 'stack' ? (stack.data ? { kind, stack: stack.data } : undefined) : twisted.data ? { kind, stack: twisted.data } : undefined;
  // Gone (404): deleted or out of reach, also while shown (a live event, the next refetch), data or not.
  const gone = query.isError && isStackGone(query.error);
  return { detail, gone, failed: query.isError && !query.data && !gone, fetching: query.isFetching, refetch: () => query.refetch() };
}

/**
 * Spec 2 §2.3 Stack detail and §2.4 Twisted stack detail: one view, the kind decides the parts. A
 * stack found gone (404) at any time says 'This stack no longer exists.' and tells `onGone`.
 */
export function StackDetail({ kind = 'stack', onGone, ...props }: StackDetailProps & { kind?: StackKind; onGone?(message: string): void }) {
  const { detail, gone, failed, fetching, refetch } = useDetail(kind, props.id);
  const me = useCurrentUser();
  useLoadCallbacks(props, detail && !gone ? { name: detail.stack.name } : undefined, failed ? LOAD_FAILED[kind] : null);
  const goneCallback = useRef(onGone);
  useEffect(() => {
    goneCallback.current = onGone;
  });
  useEffect(() => {
    if (gone) goneCallback.current?.(STACK_GONE_MESSAGE);
  }, [gone]);
  if (gone) return <StackGone onClose={props.onClose} />;
  // The viewer's id decides what is 'mine' (own card, own comments, the other person): wait for it too.
  if (!detail || me.isPending) {
    return <LoadState failed={failed} message={LOAD_FAILED[kind]} retrying={fetching} onRetry={() => void refetch()} onClose={props.onClose} />;
  }
  return <StackContent detail={detail} nav={navigationOf(props)} onClose={props.onClose} onReload={refetch} />;
}

interface StackContentProps {
  detail: Detail;
  nav: Navigation;
  onClose(): void;
  onReload(): Promise<unknown>;
}

function StackContent({ detail, nav, onClose, onReload }: StackContentProps) {
  const { kind, stack } = detail;
  const meId = useCurrentUser().data?.id;
  const mutations = useStackMutations(kind);
  const ranking = useSubmitRanking((positionIds) => mutations.complete.mutateAsync({ id: stack.id, position_ids: positionIds }), onReload);

  return (
    <div className={`mx-auto max-w-5xl space-y-6 ${kind === 'twisted' ? 'rounded-box border-l-4 border-purple-500 pl-4' : ''}`}>
      <DetailHeader detail={detail} nav={nav} onClose={onClose} friend={otherPerson(detail, meId)} />
      {stack.me.sees_responses ? (
        <>
          {detail.kind === 'twisted' ? <TwistedResponses stack={detail.stack} meId={meId} nav={nav} /> : <Responses stack={detail.stack} meId={meId} nav={nav} />}
          <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
            <CopyLinkButton kind={kind} stackId={stack.id} />
            {stack.me.is_answered && <ShareImageButton kind={kind} stackId={stack.id} name={stack.name} />}
          </div>
          <CommentsSection
            kind={kind}
            stackId={stack.id}
            comments={stack.comments}
            hasMore={stack.comments_has_more}
            canComment={stack.me.can_comment}
            onChanged={onReload}
            onOpenUser={nav.onOpenUser}
          />
        </>
      ) : (
        <>
          <RankingBoard key={stack.positions.join('\n')} positions={stack.positions} onSubmit={ranking.submit} submitting={ranking.submitting} error={ranking.error} />
          <CopyLinkButton kind={kind} stackId={stack.id} />
        </>
      )}
      <StackActions detail={detail} meId={meId} mutations={mutations} onReload={onReload} onClose={onClose} onOpenStack={nav.onOpenStack} />
      {meId !== undefined && stack.owner_id !== meId && <ReportButton target={{ type: 'stack', id: stack.id }} ariaLabel={kind === 'twisted' ? 'Report twisted stack' : 'Report stack'} className="btn btn-ghost btn-sm" />}
    </div>
  );
}

/** Responses: the Group Consensus card (group stacks; the optimal order beside it when they differ), then each responder as the server lists them (the viewer first). */
function Responses({ stack, meId, nav }: { stack: Stack; meId: number | undefined; nav: Navigation }) {
  const othersAnswered = stack.users.some((user) => user.user_id !== meId);
  return (
    <ResponsesSection wide footer={!othersAnswered && <p className="text-sm text-base-content/70">Nobody else has answered yet.</p>}>
      {stack.audience.type === 'group' && stack.consensus && <ConsensusCards stack={stack} />}
      {stack.users.map((user) => (
        <ResponderCard key={user.user_id} user={user} meId={meId} nav={nav}>
          <PositionList label={`${user.username}'s ranking`} items={rankedItems(stack.positions, user.position_ids, user.positions)} />
        </ResponderCard>
      ))}
    </ResponsesSection>
  );
}
