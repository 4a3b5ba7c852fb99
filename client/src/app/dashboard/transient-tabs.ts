import type { ComponentType } from 'react';
import type { MainView, TransientKind, TransientRequest } from '../../lib/dashboard-paths';

// The views and what a transient tab shows are defined beside their addresses.
export type { MainView, TransientKind, TransientRequest } from '../../lib/dashboard-paths';

/** What the dashboard gives the detail view inside a transient tab. */
export interface TransientViewProps<R extends TransientRequest = TransientRequest> {
  request: R;
  /**
   * The detail has loaded (spec 1 §2: the tab opens only then). `name` becomes the tab's label by
   * the rules of `transientLabel`; call again after a reload to update it. A stack view also says
   * whether it opened as a twisted stack (its label then says so).
   */
  onLoaded(name: string | null, stackType?: 'stack' | 'twisted'): void;
  /** The detail could not load: the tab does not open and the dashboard shows `message` with Retry. */
  onFailed(message: string): void;
  /**
   * What it shows is gone for good (a deleted stack: 404): the tab closes, whether it had opened or
   * not, and the dashboard shows `message`, without Retry.
   */
  onGone(message: string): void;
  /** 'Back' or close: the tab goes and the view it was opened from comes back. */
  onClose(): void;
  /** Closes the tab and shows a main view (spec 1 §4: blocking returns to the Users tab). */
  onLeave(view: MainView): void;
}

/** The detail view of each kind, shown inside its transient tab. */
export type TransientViewRegistry = {
  [K in TransientKind]: ComponentType<TransientViewProps<Extract<TransientRequest, { kind: K }>>>;
};

export function transientKey(request: TransientRequest): string {
  return request.kind === 'stack' ? `stack:${request.stackType}:${request.id}` : `${request.kind}:${request.id}`;
}

/** Marks a twisted stack's tab: a twist keeps its original's name, and the two tabs must differ. */
export const TWIST_LABEL_PREFIX = 'Twist: ';

/**
 * Spec 1 §2 tab labels: the username, the bot name, the group name or 'Group', the first
 * 8 characters of the stack name or 'Stack'. A twisted stack's label has the same 8 characters
 * after 'Twist: ', so it is told apart from its original.
 */
export function transientLabel(kind: TransientKind, name: string | null | undefined, stackType: 'stack' | 'twisted' = 'stack'): string {
  if (kind === 'stack' && stackType === 'twisted') return `${TWIST_LABEL_PREFIX}${transientLabel('stack', name)}`;
  const trimmed = name?.trim() ?? '';
  switch (kind) {
    case 'user':
      return trimmed || 'User';
    case 'bot':
      return trimmed || 'Bot';
    case 'group':
      return trimmed || 'Group';
    case 'stack':
      return trimmed ? Array.from(trimmed).slice(0, 8).join('') : 'Stack';
  }
}
