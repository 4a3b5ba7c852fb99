import { TRPCClientError } from '@trpc/client';
import { useRef } from 'react';
import { useFocusOnShow } from './focus';
import { httpStatusOf } from '../../lib/trpc';

/** What a stack that is gone (deleted, or out of the viewer's reach) says, with no Retry. */
export const STACK_GONE_MESSAGE = 'This stack no longer exists.';

/** A stack's load failure that no retry can mend: 404 (STACK_NOT_FOUND), the stack is gone for the viewer. */
export function isStackGone(error: unknown): boolean {
  if (httpStatusOf(error) === 404) return true;
  return error instanceof TRPCClientError && (error.data as { code?: unknown } | undefined)?.code === 'STACK_NOT_FOUND';
}

/** A stack that is gone: says so, without Retry (it can never work), with Back; takes focus when it shows. */
export function StackGone({ onClose }: { onClose(): void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  useFocusOnShow(boxRef);
  return (
    <div ref={boxRef} tabIndex={-1} className="space-y-4 outline-none" data-testid="stack-gone">
      <p role="alert" className="alert alert-warning alert-soft">
        {STACK_GONE_MESSAGE}
      </p>
      <button type="button" className="btn" onClick={onClose}>
        Back
      </button>
    </div>
  );
}
