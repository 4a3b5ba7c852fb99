import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { TIMINGS } from '../../../../shared/limits';
import { checkSocial, SOCIAL_PLATFORM_LABELS, SocialPlatform, SocialVisibility, type Social, type SocialCheck } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal, ModalActions } from '../../components/modal';
import { errorDetail, useTRPC } from '../../lib/trpc';
import { useRefreshMe } from './use-refresh-me';

const VISIBILITY_LABELS: Record<SocialVisibility, string> = { public: 'Public', friends: 'Friends', private: 'Private' };

/**
 * Spec 1 §8: what a failed social call passes on, the server's detail, else the error's message,
 * else 'Request failed'.
 */
export function socialFailureMessage(error: unknown): string {
  return errorDetail(error) || (error instanceof Error ? error.message : '') || 'Request failed';
}

interface Result {
  ok: boolean;
  text: string;
}

/** Spec 1 §2 Settings socials editor: my socials with Open, Edit and Remove, and Add. */
export function SocialsEditor({ socials }: { socials: Social[] }) {
  const trpc = useTRPC();
  const refreshMe = useRefreshMe();
  const remove = useMutation(trpc.users.deleteSocial.mutationOptions());
  const [editing, setEditing] = useState<{ social?: Social } | null>(null);
  const [removing, setRemoving] = useState<Social | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function confirmRemoval(social: Social) {
    setRemoving(null);
    setResult(null);
    try {
      await remove.mutateAsync({ id: social.platform });
      setResult({ ok: true, text: `Successfully removed ${social.platform} social` });
      await refreshMe();
    } catch (error) {
      setResult({ ok: false, text: `Error: ${socialFailureMessage(error) || 'Failed to remove social'}` });
    }
  }

  return (
    <div className="space-y-3">
      {socials.length === 0 ? (
        <p className="text-base-content/70">No socials yet. Add your Telegram or Signal so friends can reach you.</p>
      ) : (
        <ul className="divide-y divide-base-300" aria-label="My socials">
          {socials.map((social) => (
            <li key={social.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
              {/* At least 15rem for the handle: on a phone the buttons go under it rather than squeeze it. */}
              <div className="min-w-0 flex-1 basis-60">
                <p className="font-medium">{SOCIAL_PLATFORM_LABELS[social.platform] ?? social.platform}</p>
                <p className="text-sm wrap-anywhere">
                  {social.value} <span className="badge badge-ghost badge-sm align-middle">{VISIBILITY_LABELS[social.visibility]}</span>
                </p>
              </div>
              <div className="flex gap-1">
                {social.link && (
                  <a className="btn btn-ghost btn-sm" href={social.link} target="_blank" rel="noopener noreferrer" aria-label={`Open ${SOCIAL_PLATFORM_LABELS[social.platform]}`}>
                    Open
                  </a>
                )}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ social })} aria-label={`Edit ${SOCIAL_PLATFORM_LABELS[social.platform]}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  onClick={() => setRemoving(social)}
                  disabled={remove.isPending}
                  aria-label={`Remove ${SOCIAL_PLATFORM_LABELS[social.platform]}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => {
          setResult(null);
          setEditing({});
        }}
      >
        Add
      </button>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={`break-all text-sm ${result.ok ? 'text-success' : 'text-error'}`}>
          {result.text}
        </p>
      )}

      {editing && (
        <SocialFormModal
          social={editing.social}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setResult({ ok: true, text: `Successfully saved: ${saved.link ?? saved.value}` });
            void refreshMe();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Confirm Removal"
        confirmLabel="Remove"
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void confirmRemoval(removing)}
      >
        {removing && <p>{`Remove your ${SOCIAL_PLATFORM_LABELS[removing.platform]} social (${removing.value})?`}</p>}
      </ConfirmDialog>
    </div>
  );
}

interface SocialFormModalProps {
  /** The social being edited; absent when adding. */
  social?: Social;
  onClose(): void;
  onSaved(saved: Social): void;
}

/** The 'Add Social' modal: platform, value, visibility and a link preview 250 ms after typing. */
export function SocialFormModal({ social, onClose, onSaved }: SocialFormModalProps) {
  const trpc = useTRPC();
  const upsert = useMutation(trpc.users.upsertSocial.mutationOptions());
  const [platform, setPlatform] = useState<SocialPlatform>(social?.platform ?? 'telegram');
  const [value, setValue] = useState(social?.value ?? '');
  const [visibility, setVisibility] = useState<SocialVisibility>(social?.visibility ?? 'public');
  // Nothing is judged before the first keystroke; an edited social starts with its own preview.
  const [touched, setTouched] = useState(social !== undefined);
  const [preview, setPreview] = useState<SocialCheck | null>(() => (social ? checkSocial(social.platform, social.value) : null));
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (!touched) return;
    const timer = setTimeout(() => setPreview(checkSocial(platform, value)), TIMINGS.socialPreviewDelayMs);
    return () => clearTimeout(timer);
  }, [platform, value, touched]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const check = checkSocial(platform, value);
    setTouched(true);
    setPreview(check);
    if (!check.ok) return;
    try {
      onSaved(await upsert.mutateAsync({ platform, value: check.value, visibility }));
    } catch (error) {
      setSaveError(`Error: ${socialFailureMessage(error) || 'Failed to save'}`);
    }
  }

  const title = social ? 'Edit Social' : 'Add Social';
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} form="social-form" disabled={upsert.isPending} label={upsert.isPending ? 'Saving...' : 'Save'} />}
    >
      <form id="social-form" onSubmit={onSubmit} className="space-y-3" noValidate>
        <div>
          <label htmlFor="social-platform" className="mb-1 block text-sm font-medium">
            Platform
          </label>
          <select
            id="social-platform"
            className="select w-full"
            value={platform}
            onChange={(event) => {
              setPlatform(event.target.value as SocialPlatform);
              setTouched(true);
            }}
          >
            {SocialPlatform.options.map((option) => (
              <option key={option} value={option}>
                {SOCIAL_PLATFORM_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="social-value" className="mb-1 block text-sm font-medium">
            Username
          </label>
          <input
            id="social-value"
            className={`input w-full ${preview && !preview.ok ? 'input-error' : ''}`}
            value={value}
            maxLength={64}
            autoComplete="off"
            placeholder={platform === 'telegram' ? '@username' : 'username.01'}
            aria-invalid={preview ? !preview.ok : undefined}
            aria-describedby="social-preview"
            onChange={(event) => {
              setValue(event.target.value);
              setTouched(true);
            }}
          />
        </div>
        <div>
          <label htmlFor="social-visibility" className="mb-1 block text-sm font-medium">
            Visibility
          </label>
          <select id="social-visibility" className="select w-full" value={visibility} onChange={(event) => setVisibility(event.target.value as SocialVisibility)}>
            {SocialVisibility.options.map((option) => (
              <option key={option} value={option}>
                {VISIBILITY_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <div id="social-preview" className="min-h-6 text-sm" aria-live="polite">
          {preview?.ok && (
            <p>
              <span className="text-base-content/70">Link preview: </span>
              <span className="break-all font-mono" data-testid="social-link-preview">
                {preview.link}
              </span>
            </p>
          )}
          {preview && !preview.ok && (
            <div role="alert" className="text-error">
              {preview.messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
        </div>
        {saveError && (
          <p role="alert" className="break-all text-sm text-error">
            {saveError}
          </p>
        )}
      </form>
    </Modal>
  );
}
