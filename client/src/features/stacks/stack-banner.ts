import type { StackListItem } from '../../../../shared/schemas/stacks';

export type BannerKind = 'new-stack' | 'new-responses' | 'new-comments' | 'new-twisted';

export interface StackBanner {
  kind: BannerKind;
  text: string;
  /** Spec 2 §9: yellow new, green responses, orange comments. */
  color: 'yellow' | 'green' | 'orange';
}

type BannerInput = Pick<StackListItem, 'type' | 'users' | 'me'>;

/**
 * The banner a card shows its viewer (spec 2 §2.1), or null for none:
 * - a stack I have not answered: 'New stack!';
 * - a twisted stack I have neither answered nor viewed: 'New twisted stack!';
 * - else responders I have not seen yet (on a twisted stack only those who answered):
 *   'New response(s) from {names}';
 * - else comments I have not seen: 'New comments!'.
 */
export function stackBanner(item: BannerInput): StackBanner | null {
  if (item.type === 'stack' && !item.me.is_answered) return { kind: 'new-stack', text: 'New stack!', color: 'yellow' };
  if (item.type === 'twisted' && !item.me.is_answered && !item.me.viewed) return { kind: 'new-twisted', text: 'New twisted stack!', color: 'yellow' };
  const unseen = item.users.filter((user) => !user.is_viewed && (item.type === 'stack' || user.is_answered));
  if (unseen.length > 0) {
    return { kind: 'new-responses', text: `New response(s) from ${unseen.map((user) => user.username).join(', ')}`, color: 'green' };
  }
  if (!item.me.viewed_comments) return { kind: 'new-comments', text: 'New comments!', color: 'orange' };
  return null;
}

/** Hide New Stacks takes these (spec 2 §2.1). */
export const isNewBanner = (banner: StackBanner | null) => banner?.kind === 'new-stack' || banner?.kind === 'new-twisted';

/** Clear Updates takes these (spec 2 §2.1). */
export const isUpdateBanner = (banner: StackBanner | null) => banner?.kind === 'new-responses' || banner?.kind === 'new-comments';
