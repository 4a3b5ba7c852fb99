import type { CommentSnapshot, Report, StackSnapshot } from '../../../../shared/schemas/reports';
import { emit } from '../../lib/events';

/** Opens what was reported in a dashboard tab: the profile, the stack (a comment's stack) or the group. */
export function OpenTargetButton({ report }: { report: Report }) {
  let label: string;
  let open: () => void;
  switch (report.target_type) {
    case 'user':
      label = 'Open profile';
      open = () => emit('openUser', { userId: report.target_id });
      break;
    case 'stack': {
      const stack = report.snapshot as StackSnapshot;
      label = stack.type === 'twisted' ? 'Open twisted stack' : 'Open stack';
      open = () => emit('openStack', { id: report.target_id, type: stack.type });
      break;
    }
    case 'comment': {
      const comment = report.snapshot as CommentSnapshot;
      label = 'Open stack';
      open = () => emit('openStack', { id: comment.stack_id, type: comment.stack_type });
      break;
    }
    case 'group':
      label = 'Open group';
      open = () => emit('openGroup', { groupId: report.target_id });
      break;
  }
  return (
    <button type="button" className="btn btn-sm btn-outline" onClick={open}>
      {label}
    </button>
  );
}

