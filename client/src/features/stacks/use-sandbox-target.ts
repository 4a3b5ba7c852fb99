import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { Detail } from './other-person';

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

