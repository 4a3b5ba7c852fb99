import { emit } from '../../lib/events';

/** What the dashboard gives a stack detail. Navigation defaults to the app's window events. */
export interface StackDetailProps {
  id: number;
  /** Told the stack's name (null when it has none) each time it has loaded; the tab opens then. */
  onLoaded?(name: string | null): void;
  /** Loading failed with nothing to show: 'Failed to load stack' or 'Failed to load twisted stack'. */
  onLoadFailed?(message: string): void;
  /** Close button, Back, and after the stack was hidden or deleted. */
  onClose(): void;
  onOpenUser?(userId: number): void;
  onOpenGroup?(groupId: number): void;
  onOpenBot?(botId: number): void;
  onOpenStack?(id: number, type: 'stack' | 'twisted'): void;
}

export type Navigation = Required<Pick<StackDetailProps, 'onOpenUser' | 'onOpenGroup' | 'onOpenBot' | 'onOpenStack'>>;

/** The caller's navigation, or the app events of spec 2 §2 where it gave none. */
export function navigationOf(props: StackDetailProps): Navigation {
  return {
    onOpenUser: props.onOpenUser ?? ((userId) => emit('openUser', { userId })),
    onOpenGroup: props.onOpenGroup ?? ((groupId) => emit('openGroup', { groupId })),
    onOpenBot: props.onOpenBot ?? ((botId) => emit('openBot', { botId })),
    onOpenStack: props.onOpenStack ?? ((id, type) => emit('openStack', { id, type })),
  };
}

