import type { Report, ReportStatus } from '../../../../shared/schemas/reports';

export const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved', dismissed: 'Dismissed' };
export const TARGET_LABELS: Record<Report['target_type'], string> = { user: 'User', stack: 'Stack', comment: 'Comment', group: 'Group' };
