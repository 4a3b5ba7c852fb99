import { useQuery } from '@tanstack/react-query';
import type { Responder, TwistedStack } from '../../../../shared/schemas/stacks';
import { useTRPC } from '../../lib/trpc';
import type { Detail, Navigation } from './detail-parts';
import { PositionList, rankedItems, ResponderCard, ResponsesSection } from './response-cards';

/** What the Sandbox and Unsandbox buttons act on, and whether each is shown. */
export interface SandboxTarget {
  id: number;
  canSandbox: boolean;
  canUnsandbox: boolean;
  /** After a change: fetch again what shows it. */
  reload(): Promise<unknown>;
}

/**
 * A stack sandboxes itself. A twisted stack has no sandbox call: its control sandboxes the original
 * stack, by the original's flags (spec 2 §6, §7), so the original is fetched for a group stack.
 */
export function useSandboxTarget(detail: Detail, onReload: () => Promise<unknown>): SandboxTarget {
  const trpc = useTRPC();
  const twisted = detail.kind === 'twisted' ? detail.stack : null;
  const original = useQuery({ ...trpc.stacks.get.queryOptions({ id: twisted?.stack_id ?? detail.stack.id }), enabled: twisted?.audience.type === 'group', retry: false });
  if (!twisted) return { id: detail.stack.id, canSandbox: detail.stack.me.can_sandbox, canUnsandbox: detail.stack.me.can_unsandbox, reload: onReload };
  return {
    id: twisted.stack_id,
    canSandbox: original.data?.me.can_sandbox ?? false,
    canUnsandbox: original.data?.me.can_unsandbox ?? false,
    reload: () => Promise.all([original.refetch(), onReload()]),
  };
}

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
