import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import type { StackKind } from './stack-kind';

/**
 * The calls of a stack detail, for either kind: the one place that picks the stack or the
 * twisted-stack router. Sandboxing, deleting, twisting and hiding for users exist for stacks only
 * (a twisted stack's Sandbox acts on its original, spec 2 §6).
 */
export function useStackMutations(kind: StackKind) {
  const trpc = useTRPC();
  const router = kind === 'stack' ? trpc.stacks : trpc.twistedStacks;
  return {
    complete: useMutation(router.complete.mutationOptions()),
    hide: useMutation(router.hide.mutationOptions()),
    editStack: useMutation(trpc.stacks.edit.mutationOptions()),
    editTwist: useMutation(trpc.twistedStacks.edit.mutationOptions()),
    sandbox: useMutation(trpc.stacks.sandbox.mutationOptions()),
    remove: useMutation(trpc.stacks.delete.mutationOptions()),
    twist: useMutation(trpc.twistedStacks.create.mutationOptions()),
  };
}

export type StackMutations = ReturnType<typeof useStackMutations>;
