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
