import { useEffect, useId, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../../shared/limits';
import { clearToken, getToken } from '../../lib/auth-token';
import { stackPath } from '../../lib/dashboard-paths';
import { saveFile } from '../../lib/save-file';
import { useTimedMessage } from '../../lib/timed-message';
import type { StackKind } from './stack-kind';
import { UNTITLED } from './stack-card';

type Status = { kind: 'busy' | 'done' | 'failed'; text: string };

const IMAGE_PATH = { stack: '/v1/stacks', twisted: '/v1/twisted_stacks' } as const;

/** The absolute address of a stack's view: what Copy link copies and the share sheet carries. */
export const stackLink = (kind: StackKind, id: number) => `${window.location.origin}${stackPath(id, kind)}`;

/** The file name of a downloaded share image. */
export const shareFileName = (kind: StackKind, id: number) => `${kind === 'twisted' ? 'twisted-stack' : 'stack'}-${id}.png`;

/** The `detail` of an error answer, when it is the API's JSON error body. */
async function detailOf(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}

/** Fetches the share image with the session's token (a PNG: not a tRPC call). */
async function fetchImage(kind: StackKind, id: number): Promise<Blob> {
  const token = getToken();
  const res = await fetch(`${IMAGE_PATH[kind]}/${id}/image.png`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (res.status === 401) clearToken('expired');
  if (!res.ok) throw new Error((await detailOf(res)) ?? `The server answered ${res.status}`);
  return res.blob();
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

interface ShareImageButtonProps {
  kind: StackKind;
  stackId: number;
  name: string | null;
}

/**
 * "Share" on a stack's result (docs/share-image.md): fetches the viewer's share image
 * (GET /v1/stacks/{id}/image.png or the twisted stack's) and hands it to the Web Share API where
 * the browser can share files, with the link back to the stack; elsewhere, or when
 * sharing is refused, it downloads the PNG.
 */
export function ShareImageButton({ kind, stackId, name }: ShareImageButtonProps) {
  const [status, setStatus] = useState<Status | null>(null);

  async function share() {
    setStatus({ kind: 'busy', text: 'Preparing the image...' });
    let file: File;
    try {
      const blob = await fetchImage(kind, stackId);
      file = new File([blob], shareFileName(kind, stackId), { type: 'image/png' });
    } catch (error) {
      setStatus({ kind: 'failed', text: `Failed to share the image: ${(error as Error).message}` });
      return;
    }
    const data: ShareData = { files: [file], title: `${PRODUCT_NAME}: ${name ?? UNTITLED}`, url: stackLink(kind, stackId) };
    if (typeof navigator.canShare === 'function' && typeof navigator.share === 'function' && navigator.canShare(data)) {
      try {
        await navigator.share(data);
        setStatus({ kind: 'done', text: 'Image shared.' });
        return;
      } catch (error) {
        // Closing the share sheet is no failure. Anything else (the click's activation expired
        // while the image loaded, say): the download below still gives the picture.
        if (isAbort(error)) return setStatus(null);
      }
    }
    saveFile(file.name, file);
    setStatus({ kind: 'done', text: `Image downloaded as ${file.name}.` });
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void share()} disabled={status?.kind === 'busy'} aria-describedby="share-image-status">
        {status?.kind === 'busy' ? 'Preparing...' : 'Share'}
      </button>
      {status?.kind === 'failed' ? (
        <p id="share-image-status" role="alert" className="text-sm text-error">
          {status.text}
        </p>
      ) : (
        <p id="share-image-status" role="status" className="min-h-5 text-sm text-base-content/80">
          {status?.text ?? ''}
        </p>
      )}
    </div>
  );
}

/**
 * "Copy link" beside Share: copies the absolute address of the stack's view, and a status
 * line says so. Where the browser refuses the clipboard (no permission, an insecure origin), the
 * address shows in a field, selected, to copy by hand.
 */
export function CopyLinkButton({ kind, stackId }: { kind: StackKind; stackId: number }) {
  const link = stackLink(kind, stackId);
  const [copied, showCopied] = useTimedMessage();
  const [refused, setRefused] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (!refused) return;
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, [refused]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setRefused(false);
      showCopied('Link copied.');
    } catch (error) {
      console.warn('The clipboard refused the link', error);
      showCopied(null);
      setRefused(true);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-sm" onClick={() => void copy()}>
        Copy link
      </button>
      <p role="status" className="min-h-5 text-sm text-base-content/80">
        {copied ?? ''}
      </p>
      {refused && (
        <div className="w-full space-y-1">
          <label htmlFor={fieldId} className="block text-sm">
            Could not copy the link. Select it and copy it yourself:
          </label>
          <input
            ref={fieldRef}
            id={fieldId}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="input input-bordered input-sm w-full max-w-xl font-mono"
          />
        </div>
      )}
    </div>
  );
}
