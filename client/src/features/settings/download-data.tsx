import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportFileName } from '../../../../shared/schemas/export';
import { saveFile } from '../../lib/save-file';
import { errorDetail, useTRPC } from '../../lib/trpc';

type Status = { kind: 'busy' | 'done' | 'failed'; text: string };

/**
 * Settings → "Download my data" (docs/decisions/0015-data-export.md): fetches GET /v1/users/me/export (the same document
 * over tRPC, with the session's token) and saves it as stacks-export-{username}-{date}.json.
 */
export function DownloadData() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | null>(null);

  async function download() {
    setStatus({ kind: 'busy', text: 'Preparing your data...' });
    try {
      // Always fresh, and not kept in the cache afterwards: it can be large and is read once.
      const options = trpc.dataExport.mine.queryOptions();
      const document = await queryClient.fetchQuery({ ...options, staleTime: 0, gcTime: 0 });
      saveFile(exportFileName(document.profile.username, document.exported_at), new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
      setStatus({ kind: 'done', text: 'Your data has been downloaded.' });
    } catch (error) {
      setStatus({ kind: 'failed', text: `Failed to download your data${errorDetail(error) ? `: ${errorDetail(error)}` : '.'}` });
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm text-base-content/80">
        One JSON file with your profile, socials, friends, stacks, answers, comments, groups, notifications, invites and reports. Other people appear by username
        only.
      </p>
      <button type="button" className="btn btn-sm" onClick={() => void download()} disabled={status?.kind === 'busy'}>
        {status?.kind === 'busy' ? 'Preparing...' : 'Download my data'}
      </button>
      {status?.kind === 'failed' ? (
        <p role="alert" className="text-sm text-error">
          {status.text}
        </p>
      ) : (
        <p role="status" className="min-h-5 text-sm text-base-content/80">
          {status?.text}
        </p>
      )}
    </div>
  );
}
