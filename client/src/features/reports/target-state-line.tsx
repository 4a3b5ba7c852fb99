import type { Report, ReportTargetState } from '../../../../shared/schemas/reports';

/** How each type of target reads once it is gone. */
const GONE_LABELS: Record<Report['target_type'], string> = { user: 'Deactivated', stack: 'Deleted', comment: 'Deleted', group: 'Retired' };

/** The target as it is now, beside the snapshot of how it was: gone, sandboxed, hidden for some. */
export function TargetStateLine({ type, state }: { type: Report['target_type']; state: ReportTargetState }) {
  const notes: string[] = [];
  if (state.deleted) notes.push(GONE_LABELS[type]);
  if (state.sandboxed) notes.push('Sandboxed');
  if (state.hidden_for_users > 0) notes.push(`Hidden for ${state.hidden_for_users} ${state.hidden_for_users === 1 ? 'user' : 'users'}`);
  return (
    // The spaces between the items only matter to the text (the layout's gap spaces them on screen).
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="target-state">
      <span className="text-base-content/70">Now:</span>{' '}
      {notes.length === 0 ? (
        <span>{type === 'user' || type === 'group' ? 'Active' : 'Visible'}</span>
      ) : (
        notes.map((note, index) => (
          <span key={note} className="badge badge-sm badge-outline">
            {index > 0 && <span className="sr-only">, </span>}
            {note}
          </span>
        ))
      )}
    </p>
  );
}

