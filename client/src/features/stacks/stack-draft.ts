import { useState } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { STACK_MESSAGES } from '../../../../shared/schemas/stacks';

/** What the create and edit forms hold: a name and six positions, as typed. */
export interface StackDraft {
  name: string;
  positions: string[];
}

export const emptyPositions = () => Array.from({ length: LIMITS.positionsPerStack }, () => '');

/** Six slots, whatever a prefill or a stack brought (extra ones dropped, missing ones blank). */
export function sixPositions(positions: readonly string[] | undefined): string[] {
  return emptyPositions().map((blank, index) => positions?.[index] ?? blank);
}

/**
 * The draft's problems by spec 2 §5 and the shared schema: the messages to show (name or a
 * position too long, identical positions after trimming) and whether it can be sent at all
 * (also every position filled).
 */
export function checkDraft(draft: StackDraft): { messages: string[]; valid: boolean } {
  const trimmed = draft.positions.map((p) => p.trim());
  const messages: string[] = [];
  if (draft.name.trim().length > LIMITS.stackNameMax) messages.push(STACK_MESSAGES.nameMax);
  if (trimmed.some((p) => p.length > LIMITS.positionMax)) messages.push(STACK_MESSAGES.positionMax);
  const filled = trimmed.filter((p) => p !== '').map((p) => p.toLowerCase());
  if (new Set(filled).size !== filled.length) messages.push(STACK_MESSAGES.identical);
  const complete = trimmed.length === LIMITS.positionsPerStack && trimmed.every((p) => p !== '');
  return { messages, valid: messages.length === 0 && complete };
}

/** The payload fields: the name trimmed (null when empty) and the positions trimmed. */
export function draftPayload(draft: StackDraft): { name: string | null; positions: string[] } {
  const name = draft.name.trim();
  return { name: name === '' ? null : name, positions: draft.positions.map((p) => p.trim()) };
}

/*
 * Drafts that outlive a failed send and a reload: what the user typed in the comment box
 * and the new-stack dialog is kept in session storage (this tab only, gone when it closes), under a
 * key naming the user and the form, until it is sent or discarded.
 */
const DRAFT_PREFIX = 'stacks_draft';

export const commentDraftKey = (userId: number, kind: 'stack' | 'twisted', stackId: number) => `${DRAFT_PREFIX}:${userId}:comment:${kind}:${stackId}`;
export const newStackDraftKey = (userId: number, mode: 'friend' | 'group', presetTargetId?: number) =>
  `${DRAFT_PREFIX}:${userId}:new-stack:${mode}:${presetTargetId ?? 'any'}`;

/** A saved draft, or null when there is none (or it is not what `parse` accepts). */
export function readDraft<T>(key: string, parse: (raw: unknown) => T | null): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Saves a draft; null forgets it. Storage that refuses (full, disabled) only loses the draft. */
export function writeDraft(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the form still holds the text.
  }
}

export const parseCommentDraft = (raw: unknown): string | null => (typeof raw === 'string' ? raw : null);

/** The new-stack dialog's draft: the name, six positions and the chosen friend or group. */
export interface NewStackDraft extends StackDraft {
  targetId: number | null;
}

export function parseNewStackDraft(raw: unknown): NewStackDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { name, positions, targetId } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || !Array.isArray(positions) || !positions.every((p) => typeof p === 'string')) return null;
  return { name, positions: sixPositions(positions as string[]), targetId: typeof targetId === 'number' ? targetId : null };
}

export const isBlankStackDraft = (draft: StackDraft) => draft.name === '' && draft.positions.every((p) => p === '');

/**
 * A form value kept in session storage under `key` as it changes; `discard` forgets the saved copy
 * (after a send, or when the user cancels). The key may come late (the current user still
 * loading): a draft saved under it then fills the form, unless something was typed already.
 * `fresh` starts from `initial` whatever was saved (a copy's prefill), and saves from there.
 */
export function useSessionDraft<T>(key: string | null, initial: () => T, parse: (raw: unknown) => T | null, isEmpty: (value: T) => boolean, fresh = false) {
  const [state, setState] = useState(() => ({ key, value: (key === null || fresh ? null : readDraft(key, parse)) ?? initial(), touched: fresh }));
  if (state.key !== key) {
    const saved = key !== null && !state.touched ? readDraft(key, parse) : null;
    setState({ ...state, key, value: saved ?? state.value });
  }
  const set = (value: T) => {
    setState((current) => ({ ...current, value, touched: true }));
    if (key !== null) writeDraft(key, isEmpty(value) ? null : value);
  };
  const discard = () => {
    if (key !== null) writeDraft(key, null);
  };
  return [state.value, set, discard] as const;
}
