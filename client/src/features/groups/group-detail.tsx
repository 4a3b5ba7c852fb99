import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { GroupDetail } from '../../../../shared/schemas/groups';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/modal';
import { NotFound, QueryState } from '../../components/query-state';
import { ReportButton } from '../../components/report-dialog';
import { emit } from '../../lib/events';
import { useRefreshGroups } from '../../lib/groups-cache';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { AgreementSection } from './agreement-map';
import { countLabel } from './count-label';
import { DescriptionEditor } from './description-editor';
import { GroupBadges } from './group-badges';
import { Section } from './group-section';
import { BotsSection } from './group-bots-section';
import { InviteSection } from './invite-section';
import { MembersSection } from './members-section';

export interface GroupDetailViewProps {
  groupId: number;
  /** Told the group's name once the detail has loaded (the dashboard then opens its tab). */
  onLoaded?(name: string): void;
  /**
   * Loading answered 404: the view shows 'Group not found'. A dashboard tab can open on
   * it with the label 'Group' (spec 1 §2).
   */
  onNotFound?(): void;
  /** Loading failed otherwise, with nothing to show; the view shows 'Failed to load group profile' with Retry. */
  onLoadFailed?(): void;
  onBack(): void;
  /** 'Add Stack': the caller opens the New Group Stack dialog for this group. */
  onAddStack(groupId: number): void;
  onOpenUser(userId: number): void;
  onOpenBot(botId: number): void;
}

type Confirmation =
  | { kind: 'invite'; userId: number; username: string }
  | { kind: 'remove'; userId: number; username: string }
  | { kind: 'leave' }
  | { kind: 'retire' };

/** The calls whose 404 means the group itself is gone (spec 2 §8). */
type GroupAction = 'join' | 'invite' | 'leave' | 'retire' | 'remove';
const GONE_ON_404: ReadonlySet<GroupAction> = new Set(['join', 'invite', 'leave', 'retire']);

/** Spec 2 §2.6 Group detail, for the group the caller names. */
export function GroupDetailView({ groupId, onLoaded, onNotFound, onLoadFailed, onBack, onAddStack, onOpenUser, onOpenBot }: GroupDetailViewProps) {
  const trpc = useTRPC();
  const group = useQuery(trpc.groups.get.queryOptions({ id: groupId }));

  // The callers' functions may change identity on every render; only the outcomes matter.
  const callbacks = useRef({ onLoaded, onNotFound, onLoadFailed });
  useEffect(() => {
    callbacks.current = { onLoaded, onNotFound, onLoadFailed };
  });
  const name = group.data?.name;
  useEffect(() => {
    if (name !== undefined) callbacks.current.onLoaded?.(name);
  }, [name]);
  const missing = group.isError && httpStatusOf(group.error) === 404;
  const failed = group.isError && !missing && !group.data;
  useEffect(() => {
    if (missing) callbacks.current.onNotFound?.();
  }, [missing]);
  useEffect(() => {
    if (failed) callbacks.current.onLoadFailed?.();
  }, [failed]);

  if (missing) return <NotFound title="Group not found" onBack={onBack} />;
  return (
    <QueryState query={group} error="Failed to load group profile" onBack={onBack}>
      {(data) => <GroupDetailContent group={data} onBack={onBack} onAddStack={onAddStack} onOpenUser={onOpenUser} onOpenBot={onOpenBot} />}
    </QueryState>
  );
}

type ContentProps = Omit<GroupDetailViewProps, 'groupId' | 'onLoaded'> & { group: GroupDetail };

/** The group calls behind the detail's buttons and the confirmation each asks first. */
function useGroupActions(group: GroupDetail, onBack: () => void) {
  const trpc = useTRPC();
  const refreshGroups = useRefreshGroups();
  const join = useMutation(trpc.groups.join.mutationOptions());
  const leave = useMutation(trpc.groups.leave.mutationOptions());
  const retire = useMutation(trpc.groups.retire.mutationOptions());
  const invite = useMutation(trpc.groups.invite.mutationOptions());
  const block = useMutation(trpc.groups.block.mutationOptions());
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [gone, setGone] = useState(false);
  const [invitedNow, setInvitedNow] = useState<ReadonlySet<number>>(new Set());
  const busy = join.isPending || leave.isPending || retire.isPending || invite.isPending || block.isPending;

  /** Runs a group call; a 404 on join, invite, leave or retire opens 'Group Not Found', other failures are only logged. */
  async function perform(action: GroupAction, call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (error) {
      if (GONE_ON_404.has(action) && httpStatusOf(error) === 404) setGone(true);
      else console.error(`Failed to ${action} (group ${group.id})`, error);
      return false;
    } finally {
      setConfirmation(null);
    }
  }

  const onJoin = async () => {
    if (await perform('join', () => join.mutateAsync({ id: group.id }))) void refreshGroups();
  };

  const onConfirm = async () => {
    if (!confirmation) return;
    switch (confirmation.kind) {
      case 'invite': {
        const { userId } = confirmation;
        const ok = await perform('invite', () => invite.mutateAsync({ id: group.id, userId }));
        if (ok) {
          setInvitedNow((ids) => new Set(ids).add(userId));
          emit('notificationRefresh');
        }
        // Either way the server knows best who is invited now.
        void refreshGroups();
        return;
      }
      case 'remove': {
        const { userId } = confirmation;
        if (await perform('remove', () => block.mutateAsync({ id: group.id, user_id: userId }))) void refreshGroups();
        return;
      }
      case 'leave':
        if (await perform('leave', () => leave.mutateAsync({ id: group.id }))) {
          void refreshGroups();
          onBack();
        }
        return;
      case 'retire':
        if (await perform('retire', () => retire.mutateAsync({ id: group.id }))) {
          void refreshGroups();
          onBack();
        }
        return;
    }
  };

  const pending = new Set([...group.pending_invitation_user_ids, ...invitedNow]);
  return { busy, confirmation, ask: setConfirmation, gone, pending, onJoin, onConfirm };
}

function GroupDetailContent({ group, onBack, onAddStack, onOpenUser, onOpenBot }: ContentProps) {
  const actions = useGroupActions(group, onBack);
  const { busy, confirmation, ask } = actions;
  // Several group tabs may be mounted at once: ids must not clash.
  const uid = useId();

  return (
    <article className="mx-auto max-w-4xl space-y-6" aria-labelledby={`${uid}-detail-name`}>
      <GroupHeader group={group} titleId={`${uid}-detail-name`} />

      {group.is_member && (
        <>
          <BotsSection groupId={group.id} onOpenBot={onOpenBot} />
          <MembersSection group={group} busy={busy} onRemove={(userId, username) => ask({ kind: 'remove', userId, username })} onOpenUser={onOpenUser} />
          <AgreementSection groupId={group.id} groupName={group.name} currentUserId={group.current_user_id} />
          {group.can_invite && (
            <InviteSection group={group} pending={actions.pending} busy={busy} onInvite={(userId, username) => ask({ kind: 'invite', userId, username })} onOpenUser={onOpenUser} />
          )}
        </>
      )}

      <GroupActions group={group} busy={busy} onBack={onBack} onAddStack={onAddStack} onJoin={() => void actions.onJoin()} onAsk={ask} />

      <ConfirmDialog
        open={confirmation !== null}
        busy={busy}
        danger={confirmation?.kind !== 'invite'}
        {...confirmationText(confirmation, group.name)}
        onCancel={() => ask(null)}
        onConfirm={() => void actions.onConfirm()}
      />

      <Modal
        open={actions.gone}
        title="Group Not Found"
        onClose={onBack}
        actions={
          <button type="button" className="btn btn-primary" onClick={onBack}>
            Back
          </button>
        }
      >
        <p>The group you're looking for doesn't exist or has been deleted.</p>
      </Modal>
    </article>
  );
}

function GroupHeader({ group, titleId }: { group: GroupDetail; titleId: string }) {
  return (
    <header className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4 sm:flex-row sm:items-start">
        <Avatar kind="group" name={group.name} size="xl" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 id={titleId} className="text-2xl font-bold wrap-anywhere">
            {group.name}
          </h1>
          <p className="text-base-content/80 wrap-anywhere">Owner: {group.owner}</p>
          <p className="text-base-content/80">
            {countLabel(group.member_count, 'member')} · {countLabel(group.board_count, 'stack')}
          </p>
          {(!group.is_public || group.is_restricted || group.is_readonly) && (
            <p className="flex flex-wrap gap-2">
              <GroupBadges group={group} />
            </p>
          )}
          <DescriptionEditor groupId={group.id} description={group.description} editable={group.is_owner} />
        </div>
      </div>
    </header>
  );
}

/** A titled section of the group page (its title's id is unique: several group tabs may be open). */
interface GroupActionsProps {
  group: GroupDetail;
  busy: boolean;
  onBack(): void;
  onAddStack(groupId: number): void;
  onJoin(): void;
  /** Leave and Retire ask first. */
  onAsk(confirmation: Confirmation): void;
}

function GroupActions({ group, busy, onBack, onAddStack, onJoin, onAsk }: GroupActionsProps) {
  const hintId = useId();
  return (
    <Section title="Group Actions">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn" onClick={onBack}>
          Back
        </button>
        {group.can_create_stack && (
          <button type="button" className="btn btn-primary" onClick={() => onAddStack(group.id)}>
            Add Stack
          </button>
        )}
        {!group.is_member && group.is_public && (
          <button type="button" className="btn btn-primary" onClick={onJoin} disabled={busy}>
            Join Group
          </button>
        )}
        {group.is_member && !group.is_owner && (
          <button type="button" className="btn btn-warning" onClick={() => onAsk({ kind: 'leave' })} disabled={busy}>
            Leave Group
          </button>
        )}
        {group.is_owner && (
          <button
            type="button"
            className="btn btn-error"
            onClick={() => onAsk({ kind: 'retire' })}
            disabled={busy || !group.can_retire}
            aria-describedby={group.can_retire ? undefined : hintId}
          >
            Retire Group
          </button>
        )}
        {!group.is_owner && <ReportButton target={{ type: 'group', id: group.id }} ariaLabel="Report group" />}
      </div>
      {group.is_owner && !group.can_retire && (
        <p id={hintId} className="text-sm text-base-content/60">
          You can retire this group once you are its only member.
        </p>
      )}
    </Section>
  );
}

function confirmationText(confirmation: Confirmation | null, groupName: string): { title: string; confirmLabel: string; children: ReactNode } {
  switch (confirmation?.kind) {
    case 'invite':
      return { title: 'Invite Friend', confirmLabel: 'Yes, Invite', children: <p>Invite {confirmation.username} to join {groupName}?</p> };
    case 'remove':
      return {
        title: 'Remove Member',
        confirmLabel: 'Yes, Remove',
        children: <p>This will remove {confirmation.username} from {groupName}. They will not be able to rejoin the group.</p>,
      };
    case 'leave':
      return { title: 'Leave Group', confirmLabel: 'Yes, Leave', children: <p>Are you sure you want to leave {groupName}?</p> };
    case 'retire':
      return { title: 'Retire Group', confirmLabel: 'Yes, Retire', children: <p>Are you sure you want to retire {groupName}? This cannot be undone.</p> };
    default:
      return { title: '', confirmLabel: '', children: null };
  }
}

