import { TagStatus } from '../../../../shared/schemas/bots';
import type { EditorTag } from './tag-draft';

/** Spec 2 §2.7 tag colours; DEACTIVATING gets its own orange so it never reads as PENDING's yellow. */
const TAG_STATUS_CLASSES: Record<TagStatus, string> = {
  PENDING: 'badge-warning',
  ACTIVE: 'badge-success',
  DEACTIVATING: 'border-orange-500 bg-orange-500 text-orange-950',
  DISABLED: 'badge-error',
};

const TAG_STATUS_LABELS: Record<TagStatus, string> = { PENDING: 'pending', ACTIVE: 'active', DEACTIVATING: 'deactivating', DISABLED: 'disabled' };
/** The legend shows the same words, capitalised. */
const LEGEND_ITEMS = TagStatus.options.map((status) => {
  const label = TAG_STATUS_LABELS[status];
  return [status, label.charAt(0).toUpperCase() + label.slice(1)] as const;
});
const UNAVAILABLE_HINT = 'Used in a recent run: not chosen again until every active tag has been used.';

/** A tag as a coloured badge (italic when used recently), with Remove or Restore while editing. */
export function TagBadge({ tag, editable, disabled, onToggle }: { tag: EditorTag; editable: boolean; disabled: boolean; onToggle(): void }) {
  const title = tag.is_available ? TAG_STATUS_LABELS[tag.status] : `${TAG_STATUS_LABELS[tag.status]}. ${UNAVAILABLE_HINT}`;
  return (
    <li className={`badge max-w-full gap-1 ${TAG_STATUS_CLASSES[tag.status]} ${tag.is_available ? '' : 'italic'}`} title={`${tag.name}: ${title}`} data-status={tag.status}>
      {/* A badge is one line: a long tag is cut with an ellipsis, whole in the title. */}
      <span className="min-w-0 truncate">{tag.name}</span>
      <span className="sr-only">({TAG_STATUS_LABELS[tag.status]})</span>
      {editable && tag.action && (
        <button
          type="button"
          className="-mr-1 rounded-full px-1 leading-none hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-current"
          aria-label={`${tag.action === 'remove' ? 'Remove' : 'Restore'} tag ${tag.name}`}
          title={tag.action === 'remove' ? 'Remove' : 'Restore'}
          disabled={disabled}
          onClick={onToggle}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

/** What the colours mean. */
export function TagLegend() {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/60">
      {LEGEND_ITEMS.map(([status, label]) => (
        <span key={status} className="inline-flex items-center gap-1">
          <span aria-hidden="true" className={`badge badge-xs ${TAG_STATUS_CLASSES[status]}`} />
          {label}
        </span>
      ))}
      <span className="italic">Italic: used recently</span>
    </p>
  );
}
