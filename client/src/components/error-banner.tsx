import { CloseButton } from './close-button';

interface ErrorBannerProps {
  /** One of the spec 1 §8 'Failed to ...' texts. */
  message: string;
  /** Runs the failed call again; the banner offers Retry only when given. */
  onRetry?: () => void;
  onDismiss(): void;
  retrying?: boolean;
}

/** The dismissible error banner with Retry of spec 1 §8. */
export function ErrorBanner({ message, onRetry, onDismiss, retrying }: ErrorBannerProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap items-center justify-between gap-2">
      <span className="font-medium text-error">{message}</span>
      <div className="flex gap-1">
        {onRetry && (
          <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
            Retry
          </button>
        )}
        <CloseButton label="Dismiss" onClick={onDismiss} />
      </div>
    </div>
  );
}
