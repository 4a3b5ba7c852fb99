/** The × button that closes a dialog or a view, or dismisses a banner; `label` names it for screen readers and as its tooltip. */
export function CloseButton({ label = 'Close', onClick, className = '' }: { label?: string; onClick(): void; className?: string }) {
  return (
    <button type="button" className={`btn btn-ghost btn-sm btn-square ${className}`} aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true" className="text-xl leading-none">
        ×
      </span>
    </button>
  );
}
