import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { ErrorBanner } from './error-banner';

/**
 * What QueryState reads of a TanStack Query result: a useQuery or useInfiniteQuery result as it is,
 * or several queries folded into one (`data` once there is something to show, `refetch` of the
 * ones that failed).
 */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /**
   * The failure's text (spec 1 §8, spec 2 §8: 'Failed to load groups'), shown with Retry while there
   * is nothing to show. Without it a failure shows nothing (the spec has it only logged).
   */
  error?: string;
  /** A section of a loaded page: its notes are small and its failure is a quiet line with Retry, not an alert banner. */
  quiet?: boolean;
  /** What the failure is logged as (console.error); `error` by default. */
  log?: string;
  /** The loading text; 'Loading...' by default. */
  loading?: string;
  /** Notes aligned to the start in small print (inside a dialog or a card), not centred. */
  inline?: boolean;
  /** Shown instead of `children` when `isEmpty` says the answer is empty; a text shows as a note like 'Loading...'. */
  empty?: ReactNode;
  /** Whether the answer is empty; by default, an empty array. */
  isEmpty?(data: T): boolean;
  /** A detail view: the failure offers Back under it. */
  onBack?(): void;
  children(data: T): ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The load, empty and failure states of a list or a detail, around what it shows once loaded. What
 * has loaded stays shown when a later refetch fails (a failed load-more, a refetch after a live
 * event): the failure shows only while there is nothing to show, as TanStack Query advises.
 */
export function QueryState<T>({ query, error, quiet, log = error, loading, inline = quiet, empty, isEmpty = isEmptyList, onBack, children }: QueryStateProps<T>) {
  const failure = query.isError ? query.error : null;
  useEffect(() => {
    if (failure) console.error(log ?? 'Failed to load', failure);
  }, [log, failure]);

  if (query.data !== undefined) {
    if (empty === undefined || !isEmpty(query.data)) return children(query.data);
    return typeof empty === 'string' ? <p className={noteClass(inline)}>{empty}</p> : empty;
  }
  if (!query.isError) return <LoadingNote text={loading} inline={inline} />;
  if (!error) return null;
  const retry = () => void query.refetch();
  if (quiet) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className={noteClass(true)}>{error}</p>
        <button type="button" className="btn btn-sm" onClick={retry} disabled={query.isFetching}>
          Retry
        </button>
      </div>
    );
  }
  const banner = <LoadError message={error} onRetry={retry} retrying={query.isFetching} />;
  if (!onBack) return banner;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      {banner}
      <BackButton onBack={onBack} />
    </div>
  );
}

const noteClass = (inline: boolean | undefined) => (inline ? 'text-sm text-base-content/70' : 'py-4 text-center text-base-content/70');

/** 'Loading...' (or the view's own text), announced politely. */
export function LoadingNote({ text = 'Loading...', inline, className }: { text?: string; inline?: boolean; className?: string }) {
  return (
    <p role="status" className={className ?? noteClass(inline)}>
      {text}
    </p>
  );
}

/** The dashed box that says a list is empty. */
export function EmptyNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-4 text-center text-base-content/70" data-testid={testId}>
      {children}
    </p>
  );
}

/** The failure banner with Retry (spec 1 §8); dismissed, it stays away until the view shows it anew. */
export function LoadError({ message, onRetry, retrying, onDismissed }: { message: string; onRetry?(): void; retrying?: boolean; onDismissed?(): void }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    onDismissed?.();
  };
  return <ErrorBanner message={message} onRetry={onRetry} retrying={retrying} onDismiss={dismiss} />;
}

export function BackButton({ onBack, buttonRef }: { onBack(): void; buttonRef?: Ref<HTMLButtonElement> }) {
  return (
    <button ref={buttonRef} type="button" className="btn" onClick={onBack}>
      Back
    </button>
  );
}

/** A detail whose server answered 404 (spec 2 §2.6 'Group not found', §2.7 'Bot not found', spec 1 'User not found'). */
export function NotFound({ title, onBack, children }: { title: string; onBack(): void; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="mx-auto max-w-4xl space-y-4 text-center" aria-labelledby={titleId}>
      <h1 id={titleId} className="text-2xl font-bold">
        {title}
      </h1>
      {children}
      <BackButton onBack={onBack} />
    </section>
  );
}
