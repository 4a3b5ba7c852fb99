import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Avatar } from '../../components/avatar';
import { Modal, ModalActions } from '../../components/modal';
import { QueryState, type QueryLike } from '../../components/query-state';
import { clearStackPrefill, peekStackPrefill } from './stack-prefill';
import { useCurrentUser } from '../../lib/current-user';
import { isNetworkError, useTRPC } from '../../lib/trpc';
import {
  checkDraft,
  draftPayload,
  isBlankStackDraft,
  newStackDraftKey,
  parseNewStackDraft,
  sixPositions,
  useSessionDraft,
  type NewStackDraft,
  type StackDraft,
} from './stack-draft';
import { StackFields } from './stack-fields';

export type NewStackMode = 'friend' | 'group';

/** A create that got no answer: the form keeps everything (and the saved draft). */
export const STACK_NOT_SENT = "The stack was not created: the server can't be reached. Everything is kept; create it again once reconnected.";
export const STACK_WAITING = 'Waiting for the connection: the stack will be created when it is back.';

export interface NewStackDialogProps {
  mode: NewStackMode;
  open: boolean;
  onClose(): void;
  /** Told the new stack's id (type stack) once it exists; the caller opens it. */
  onCreated(id: number): void;
  /**
   * A fixed target: the friend (from their profile) or the group (from its Add Stack). The picker
   * then only shows it.
   */
  presetTargetId?: number;
  /** A target chosen at the start but changeable (a copied group stack's group). */
  initialTargetId?: number;
}

interface Target {
  id: number;
  label: string;
  avatar: { kind: 'user'; username: string; avatarId: number } | { kind: 'group'; name: string };
}

/**
 * Spec 2 §2.2 New Friend Stack / New Group Stack, and spec 1 §2 'New Friend Stack' from a profile.
 * Mounted only while open, so every opening starts blank, from the one-time copy prefill, or from
 * the draft a failed send or a reload left (cancelling forgets it).
 */
export function NewStackDialog(props: NewStackDialogProps) {
  return props.open ? <NewStackForm {...props} /> : null;
}

function NewStackForm({ mode, onClose, onCreated, presetTargetId, initialTargetId }: NewStackDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.stacks.create.mutationOptions());
  const { draft, setDraft, chosen, setChosen, discardDraft } = useNewStackDraft(mode, presetTargetId, initialTargetId);
  const { list, targets } = useStackTargets(mode, presetTargetId);
  const target = targets.find((t) => t.id === chosen);
  const close = () => {
    discardDraft();
    onClose();
  };
  const [failed, setFailed] = useState<'offline' | 'refused' | null>(null);

  const check = checkDraft(draft);
  const canSubmit = check.valid && target !== undefined && !create.isPending;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit || !target) return;
    setFailed(null);
    try {
      // While the server cannot be reached the call waits (paused) and goes when it is back.
      const created = await create.mutateAsync({ ...draftPayload(draft), mode, target_id: target.id });
      discardDraft();
      void queryClient.invalidateQueries(trpc.stacks.list.pathFilter());
      onCreated(created.id);
    } catch (error) {
      console.error('Failed to create stack', error);
      setFailed(isNetworkError(error) ? 'offline' : 'refused');
    }
  };

  return (
    <Modal
      open
      wide
      title={mode === 'friend' ? 'New Friend Stack' : 'New Group Stack'}
      onClose={close}
      actions={<ModalActions onCancel={close} busy={create.isPending} form="new-stack-form" disabled={!canSubmit} label={create.isPending ? 'Creating...' : 'Create Stack'} />}
    >
      <form id="new-stack-form" className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {failed && (
          <p role="alert" className="alert alert-error alert-soft">
            {failed === 'offline' ? STACK_NOT_SENT : 'Failed to create stack'}
          </p>
        )}
        {create.isPaused && (
          <p role="status" className="text-sm text-base-content/70">
            {STACK_WAITING}
          </p>
        )}
        <StackFields draft={draft} onChange={setDraft} disabled={create.isPending} />
        {check.messages.map((message) => (
          <p key={message} role="alert" className="text-sm text-error">
            {message}
          </p>
        ))}
        <TargetPicker mode={mode} list={list} targets={targets} presetTargetId={presetTargetId} chosen={chosen} disabled={create.isPending} onChoose={setChosen} />
      </form>
    </Modal>
  );
}

/**
 * The dialog's draft: name, positions and target. The copy prefill is read here and dropped once
 * the form is up (StrictMode may run this twice). What is typed survives a failed send and a
 * reload: reopening the dialog brings it back, until the stack is created or the dialog is
 * cancelled (`discardDraft`). A copy's prefill comes first.
 */
function useNewStackDraft(mode: NewStackMode, presetTargetId: number | undefined, initialTargetId: number | undefined) {
  const [prefill] = useState(peekStackPrefill);
  useEffect(() => clearStackPrefill(), []);
  const meId = useCurrentUser().data?.id;
  const draftKey = meId === undefined ? null : newStackDraftKey(meId, mode, presetTargetId);
  const [form, setForm, discardDraft] = useSessionDraft<NewStackDraft>(
    draftKey,
    () => ({
      name: prefill?.name ?? '',
      positions: sixPositions(prefill?.positions),
      targetId: presetTargetId ?? (mode === 'friend' ? (prefill?.friendId ?? null) : null) ?? initialTargetId ?? null,
    }),
    parseNewStackDraft,
    (value) => isBlankStackDraft(value) && value.targetId === (presetTargetId ?? initialTargetId ?? null),
    prefill !== null,
  );
  const draft: StackDraft = { name: form.name, positions: form.positions };
  return {
    draft,
    setDraft: (next: StackDraft) => setForm({ ...form, name: next.name, positions: next.positions }),
    chosen: presetTargetId ?? form.targetId,
    setChosen: (targetId: number) => setForm({ ...form, targetId }),
    discardDraft,
  };
}

/** Who the stack can go to: my friends, or the groups I may post in. */
function useStackTargets(mode: NewStackMode, presetTargetId: number | undefined): { list: QueryLike<unknown>; targets: Target[] } {
  const trpc = useTRPC();
  const friends = useQuery({ ...trpc.friends.list.queryOptions(), enabled: mode === 'friend' });
  const groups = useQuery({ ...trpc.groups.mine.queryOptions(), enabled: mode === 'group' });
  if (mode === 'friend') {
    return { list: friends, targets: (friends.data ?? []).map((f) => ({ id: f.id, label: f.username, avatar: { kind: 'user', username: f.username, avatarId: f.avatar_id } })) };
  }
  const targets: Target[] = (groups.data ?? [])
    // Read-only groups take stacks from their owner only (spec 2 §2.2): the server's can_create_stack.
    .filter((g) => g.id === presetTargetId || g.can_create_stack)
    .map((g) => ({ id: g.id, label: g.name, avatar: { kind: 'group', name: g.name } }));
  return { list: groups, targets };
}

interface TargetPickerProps {
  mode: NewStackMode;
  list: QueryLike<unknown>;
  targets: Target[];
  presetTargetId: number | undefined;
  chosen: number | null;
  disabled: boolean;
  onChoose(id: number): void;
}

/** The friend or group: a fixed one shown alone, else one radio button each. */
function TargetPicker({ mode, list, targets, presetTargetId, chosen, disabled, onChoose }: TargetPickerProps) {
  const target = targets.find((t) => t.id === chosen);
  return (
    <fieldset className="space-y-2">
      <legend className="label-text pb-1">{mode === 'friend' ? 'Friend' : 'Group'}</legend>
      <QueryState
        query={list}
        inline
        error={mode === 'friend' ? 'Failed to load data' : 'Failed to load groups'}
        isEmpty={() => presetTargetId === undefined && targets.length === 0}
        empty={
          <p className="rounded-box border border-dashed border-base-300 p-3 text-sm text-base-content/70">
            {mode === 'friend' ? 'No friends available. Add some friends first!' : 'No eligible groups. Only the owner can create stacks for read-only groups.'}
          </p>
        }
      >
        {() =>
          presetTargetId !== undefined ? (
            target ? (
              <TargetLine target={target} />
            ) : (
              <p className="text-sm text-base-content/70">{mode === 'friend' ? 'This user is not your friend.' : 'You cannot create stacks in this group.'}</p>
            )
          ) : (
            <div className="max-h-48 space-y-1 overflow-y-auto rounded-box border border-base-300 p-2">
              {targets.map((t) => (
                <label key={t.id} className="flex cursor-pointer items-center gap-3 rounded-btn p-1 hover:bg-base-200">
                  <input type="radio" name="stack-target" className="radio radio-primary radio-sm" checked={chosen === t.id} disabled={disabled} onChange={() => onChoose(t.id)} />
                  <TargetLine target={t} />
                </label>
              ))}
            </div>
          )
        }
      </QueryState>
    </fieldset>
  );
}

function TargetLine({ target }: { target: Target }) {
  return (
    <span className="flex items-center gap-2">
      <Avatar {...target.avatar} size="xs" alt="" />
      <span className="font-medium">{target.label}</span>
    </span>
  );
}
