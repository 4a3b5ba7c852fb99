import { useRef } from 'react';
import { BackButton, LoadError, LoadingNote } from '../../components/query-state';
import { useFocusOnShow } from './focus';

/**
 * Loading, or the failure with Retry (spec 1 §8, spec 2 §8 'Failed to load stack'). A stack that no
 * longer exists (deleted, hidden, or out of reach) shows its failure here, in its own view, with
 * Back to close it; the failure takes focus when it shows.
 */
export function LoadState({ failed, message, retrying, onRetry, onClose }: { failed: boolean; message: string; retrying: boolean; onRetry(): void; onClose(): void }) {
  if (!failed) return <LoadingNote />;
  return <LoadFailure message={message} retrying={retrying} onRetry={onRetry} onClose={onClose} />;
}

function LoadFailure({ message, retrying, onRetry, onClose }: { message: string; retrying: boolean; onRetry(): void; onClose(): void }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  useFocusOnShow(boxRef);
  return (
    <div ref={boxRef} tabIndex={-1} className="space-y-4 outline-none" data-testid="stack-load-failure">
      <LoadError message={message} onRetry={onRetry} retrying={retrying} onDismissed={() => backRef.current?.focus()} />
      <BackButton buttonRef={backRef} onBack={onClose} />
    </div>
  );
}

