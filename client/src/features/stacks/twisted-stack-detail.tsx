import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeScore, isRanking, score } from '../../../../shared/scoring';
import type { Responder, TwistedStack } from '../../../../shared/schemas/stacks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { CommentsSection } from './comments-section';
import { DetailHeader, LinkButton, LoadState, navigationOf, useLoadCallbacks, useStackActionRunner, useSubmitRanking, type Navigation, type StackDetailProps } from './detail-parts';
import { RankingBoard } from './ranking-board';
import { PositionList, rankedItems, ResponseCard } from './response-cards';
import { useStackQueryOptions } from './stack-queries';
import { CannotEditDialog, TwistFormDialog } from './twist-dialogs';

/**
 * The twisted-stack score (spec 2 §9), computed on the client between the viewer's twisted answer
 * and another responder's; 'me' for the viewer.
 */
export function twistedLabel(mine: readonly number[] | null | undefined, theirs: readonly number[] | null | undefined, isViewer: boolean): string | undefined {
  if (isViewer) return describeScore(null, true);
  if (!mine || !theirs || !isRanking(mine) || !isRanking(theirs)) return undefined;
  return describeScore(score(mine, theirs), false);
}

/**
 * The other person of a twisted friend stack: its owner is whoever twisted it, so when that is the
 * viewer, the friend is the other one who answered the original.
 */
function twistedFriend(stack: TwistedStack, meId: number | undefined): { id: number; username: string } | null {
  const target = stack.audience.user;
  if (target && target.id !== meId) return { id: target.id, username: target.username };
  if (stack.owner_id !== meId) return { id: stack.owner_id, username: stack.owner_username };
  const other = stack.original.users.find((user) => user.user_id !== meId);
  return other ? { id: other.user_id, username: other.username } : null;
}

/** Spec 2 §2.4 Twisted stack detail. */
export function TwistedStackDetail(props: StackDetailProps) {
  const options = useStackQueryOptions();
  const stack = useQuery(options.twisted(props.id));
  const me = useCurrentUser();
  const failed = stack.isError && !stack.data;
  useLoadCallbacks(props, stack.data ? { name: stack.data.name } : undefined, failed ? 'Failed to load twisted stack' : null);
  // The viewer's id decides what is 'mine' (own card first, own comments): wait for it too.
  if (!stack.data || me.isPending) {
    return <LoadState failed={failed} message="Failed to load twisted stack" retrying={stack.isFetching} onRetry={() => void stack.refetch()} onClose={props.onClose} />;
  }
  return <TwistedContent stack={stack.data} nav={navigationOf(props)} onClose={props.onClose} onReload={() => stack.refetch()} />;
}

interface TwistedContentProps {
  stack: TwistedStack;
  nav: Navigation;
  onClose(): void;
  onReload(): Promise<unknown>;
}

function TwistedContent({ stack, nav, onClose, onReload }: TwistedContentProps) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const meId = me.data?.id;
  const isAdmin = me.data?.role === 'ADMIN';
  const complete = useMutation(trpc.twistedStacks.complete.mutationOptions());
  const ranking = useSubmitRanking((positionIds) => complete.mutateAsync({ id: stack.id, position_ids: positionIds }), onReload);

  return (
    <div className="mx-auto max-w-4xl space-y-6 rounded-box border-l-4 border-purple-500 pl-4">
      <DetailHeader
        stack={stack}
        meId={meId}
        nav={nav}
        onClose={onClose}
        twisted={{ description: stack.twist_description, stackId: stack.stack_id }}
        friend={twistedFriend(stack, meId)}
      />
      {/* An admin outside the audience cannot answer: they see responses and comments to moderate them. */}
      {stack.me.is_answered || !stack.me.can_answer ? (
        <>
          <TwistedResponses stack={stack} meId={meId} nav={nav} />
          <CommentsSection
            kind="twisted"
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
      <TwistedActions stack={stack} onReload={onReload} onClose={onClose} />
    </div>
  );
}

/** Per responder: the original ranking on the left, the updated one on the right (spec 2 §2.4). */
function TwistedResponses({ stack, meId, nav }: { stack: TwistedStack; meId: number | undefined; nav: Navigation }) {
  const blocked = new Set(stack.blocked_user_ids);
  const mine = stack.users.find((user) => user.user_id === meId)?.position_ids;
  const originals = new Map(stack.original.users.map((user) => [user.user_id, user]));
  const updated = stack.users.filter((user) => !blocked.has(user.user_id)).sort((a, b) => Number(b.user_id === meId) - Number(a.user_id === meId));
  const answeredIds = new Set(updated.map((user) => user.user_id));
  const waiting = stack.original.users.filter((user) => !blocked.has(user.user_id) && !answeredIds.has(user.user_id));

  const column = (title: string, responder: Responder | undefined, label: string) => (
    <div className="space-y-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-base-content/60">{title}</p>
      {responder ? (
        <PositionList label={label} items={rankedItems(stack.positions, responder.position_ids, responder.positions)} />
      ) : (
        <p className="text-sm text-base-content/60">Not answered yet</p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="responses-title" className="space-y-3">
      <h3 id="responses-title" className="text-xl font-bold">
        Responses
      </h3>
      <div className="grid gap-3">
        {updated.map((user) => {
          const isMe = user.user_id === meId;
          return (
            <ResponseCard
              key={user.user_id}
              name={`${user.username}'s response`}
              title={isMe ? user.username : <LinkButton onClick={() => nav.onOpenUser(user.user_id)}>{user.username}</LinkButton>}
              label={twistedLabel(mine, user.position_ids, isMe)}
            >
              <div className="grid grid-cols-2 gap-4">
                {column('Original', originals.get(user.user_id), `${user.username}'s original ranking`)}
                {column('Updated', user, `${user.username}'s updated ranking`)}
              </div>
            </ResponseCard>
          );
        })}
        {waiting.map((user) => (
          <ResponseCard key={user.user_id} name={`${user.username}'s response`} title={<LinkButton onClick={() => nav.onOpenUser(user.user_id)}>{user.username}</LinkButton>}>
            <div className="grid grid-cols-2 gap-4">
              {column('Original', user, `${user.username}'s original ranking`)}
              {column('Updated', undefined, `${user.username}'s updated ranking`)}
            </div>
          </ResponseCard>
        ))}
      </div>
    </section>
  );
}

type Open = 'hide' | 'sandbox' | 'unsandbox' | 'editConfirm' | 'edit' | 'cannotEdit' | null;

/**
 * Actions (spec 2 §2.4): Back, Edit, Hide, Sandbox. There is no twisted-stack sandbox call: the
 * control sandboxes the original stack, by the original's rules (spec 2 §6, §7).
 */
function TwistedActions({ stack, onReload, onClose }: { stack: TwistedStack; onReload(): Promise<unknown>; onClose(): void }) {
  const trpc = useTRPC();
  const { open, setOpen, error, run, refreshList } = useStackActionRunner<NonNullable<Open>>();
  const original = useQuery({ ...trpc.stacks.get.queryOptions({ id: stack.stack_id }), enabled: stack.audience.type === 'group', retry: false });
  const hide = useMutation(trpc.twistedStacks.hide.mutationOptions());
  const sandbox = useMutation(trpc.stacks.sandbox.mutationOptions());
  const edit = useMutation(trpc.twistedStacks.edit.mutationOptions());
  const [editError, setEditError] = useState<string | null>(null);
  const canSandbox = original.data?.me.can_sandbox ?? false;
  const canUnsandbox = original.data?.me.can_unsandbox ?? false;

  const saveTwist = async (twistDescription: string) => {
    setEditError(null);
    try {
      await edit.mutateAsync({ id: stack.id, twist_description: twistDescription });
      setOpen(null);
      void refreshList();
      await onReload();
    } catch (err) {
      console.error('Failed to edit twisted stack', err);
      if (httpStatusOf(err) === 403) {
        setOpen('cannotEdit');
        void onReload();
      } else setEditError('Failed to edit twisted stack. Please try again.');
    }
  };

  return (
    <section aria-labelledby="twisted-actions-title" className="space-y-3">
      <h3 id="twisted-actions-title" className="text-xl font-bold">
        Actions
      </h3>
      {error && (
        <p role="alert" className="alert alert-error alert-soft">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Back
        </button>
        {stack.me.can_edit && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              setEditError(null);
              setOpen('editConfirm');
            }}
          >
            Edit
          </button>
        )}
        <button type="button" className="btn btn-sm" onClick={() => setOpen('hide')}>
          Hide
        </button>
        {canSandbox && (
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setOpen('sandbox')}>
            Sandbox
          </button>
        )}
        {canUnsandbox && (
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setOpen('unsandbox')}>
            Unsandbox
          </button>
        )}
      </div>

      <ConfirmDialog
        open={open === 'hide'}
        title="Are you sure?"
        confirmLabel="Hide"
        busy={hide.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void run(() => hide.mutateAsync({ id: stack.id }), 'Failed to hide twisted stack', onClose)}
      >
        <p>This twisted stack will be hidden from My Stacks.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'sandbox' || open === 'unsandbox'}
        title={open === 'unsandbox' ? 'Unsandbox Stack?' : 'Sandbox Stack?'}
        confirmLabel={open === 'unsandbox' ? 'Unsandbox' : 'Sandbox'}
        busy={sandbox.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() =>
          void run(() => sandbox.mutateAsync({ id: stack.stack_id, sandbox: open === 'sandbox' }), 'Failed to update sandbox state', () => Promise.all([original.refetch(), onReload()]))
        }
      >
        <p>
          {open === 'unsandbox'
            ? 'New group members will see the original stack again.'
            : 'The original stack will be hidden from group members who have not answered it; those who answered still see it.'}
        </p>
      </ConfirmDialog>
      <ConfirmDialog open={open === 'editConfirm'} title="Edit Stack?" confirmLabel="Edit" onCancel={() => setOpen(null)} onConfirm={() => setOpen('edit')}>
        <p>A twisted stack can be edited within an hour of its creation, while nobody has responded.</p>
      </ConfirmDialog>
      <TwistFormDialog
        open={open === 'edit'}
        title="Edit Twisted Stack"
        submitLabel="Save"
        busyLabel="Saving..."
        initial={stack.twist_description}
        busy={edit.isPending}
        error={editError}
        onClose={() => setOpen(null)}
        onSubmit={(text) => void saveTwist(text)}
      />
      <CannotEditDialog open={open === 'cannotEdit'} title="Cannot Edit Twisted Stack" onClose={() => setOpen(null)} />
    </section>
  );
}
