import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { TIMINGS } from '../../../../shared/limits';
import { checkSocial, SOCIAL_PLATFORM_LABELS, SocialPlatform, SocialVisibility, type Social, type SocialCheck } from '../../../../shared/schemas/users';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Form, useSchemaForm } from '../../components/form';
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
            <SocialRow key={social.id} social={social} removing={remove.isPending} onEdit={() => setEditing({ social })} onRemove={() => setRemoving(social)} />
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

function SocialRow({ social, removing, onEdit, onRemove }: { social: Social; removing: boolean; onEdit(): void; onRemove(): void }) {
  const label = SOCIAL_PLATFORM_LABELS[social.platform];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      {/* At least 15rem for the handle: on a phone the buttons go under it rather than squeeze it. */}
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-medium">{label ?? social.platform}</p>
        <p className="text-sm wrap-anywhere">
          {social.value} <span className="badge badge-ghost badge-sm align-middle">{VISIBILITY_LABELS[social.visibility]}</span>
        </p>
      </div>
      <div className="flex gap-1">
        {social.link && (
          <a className="btn btn-ghost btn-sm" href={social.link} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label}`}>
            Open
          </a>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit} aria-label={`Edit ${label}`}>
          Edit
        </button>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove} disabled={removing} aria-label={`Remove ${label}`}>
          Remove
        </button>
      </div>
    </li>
  );
}

/** What the form holds; `checkSocial` (shared with the server) judges the value on submit. */
const SocialForm = z.object({ platform: SocialPlatform, value: z.string(), visibility: SocialVisibility });
type SocialForm = z.infer<typeof SocialForm>;

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
  const form = useSchemaForm(SocialForm, { defaultValues: { platform: social?.platform ?? 'telegram', value: social?.value ?? '', visibility: social?.visibility ?? 'public' } });
  const { preview, judgeNow, touch } = useSocialPreview(social, form.watch('platform'), form.watch('value'));
  const [saveError, setSaveError] = useState<string | null>(null);

  async function submit({ platform, visibility }: SocialForm) {
    setSaveError(null);
    const check = judgeNow();
    if (!check.ok) return;
    try {
      onSaved(await upsert.mutateAsync({ platform, value: check.value, visibility }));
    } catch (error) {
      setSaveError(`Error: ${socialFailureMessage(error) || 'Failed to save'}`);
    }
  }

  return (
    <Modal
      open
      title={social ? 'Edit Social' : 'Add Social'}
      onClose={onClose}
      actions={<ModalActions onCancel={onClose} form="social-form" disabled={upsert.isPending} label={upsert.isPending ? 'Saving...' : 'Save'} />}
    >
      <Form form={form} id="social-form" onSubmit={submit} className="space-y-3">
        <SocialFields preview={preview} onEdit={touch} />
        <SocialPreview preview={preview} />
        {saveError && (
          <p role="alert" className="break-all text-sm text-error">
            {saveError}
          </p>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The link preview, judged 250 ms after the platform or value last changed. Nothing is judged
 * before the first change (`touch`); an edited social starts with its own preview. `judgeNow` judges
 * at once (on submit) and shows it.
 */
function useSocialPreview(social: Social | undefined, platform: SocialPlatform, value: string) {
  const [touched, setTouched] = useState(social !== undefined);
  const [preview, setPreview] = useState<SocialCheck | null>(() => (social ? checkSocial(social.platform, social.value) : null));

  useEffect(() => {
    if (!touched) return;
    const timer = setTimeout(() => setPreview(checkSocial(platform, value)), TIMINGS.socialPreviewDelayMs);
    return () => clearTimeout(timer);
  }, [platform, value, touched]);

  function judgeNow() {
    const check = checkSocial(platform, value);
    setTouched(true);
    setPreview(check);
    return check;
  }

  return { preview, judgeNow, touch: () => setTouched(true) };
}

/** Platform, username and visibility. */
function SocialFields({ preview, onEdit }: { preview: SocialCheck | null; onEdit(): void }) {
  const { register, watch } = useFormContext<SocialForm>();
  return (
    <>
      <div>
        <label htmlFor="social-platform" className="mb-1 block text-sm font-medium">
          Platform
        </label>
        <select id="social-platform" className="select w-full" {...register('platform', { onChange: onEdit })}>
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
          maxLength={64}
          autoComplete="off"
          placeholder={watch('platform') === 'telegram' ? '@username' : 'username.01'}
          aria-invalid={preview ? !preview.ok : undefined}
          aria-describedby="social-preview"
          {...register('value', { onChange: onEdit })}
        />
      </div>
      <div>
        <label htmlFor="social-visibility" className="mb-1 block text-sm font-medium">
          Visibility
        </label>
        <select id="social-visibility" className="select w-full" {...register('visibility')}>
          {SocialVisibility.options.map((option) => (
            <option key={option} value={option}>
              {VISIBILITY_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

function SocialPreview({ preview }: { preview: SocialCheck | null }) {
  return (
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
  );
}
