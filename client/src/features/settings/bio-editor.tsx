import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { LIMITS } from '../../../../shared/limits';
import { Form, useSchemaForm } from '../../components/form';
import { useTRPC } from '../../lib/trpc';
import { OutcomeMessage } from '../../components/outcome-message';
import { useSettingsSave } from './use-settings-save';

/** What is typed is sent as it is: the server trims and judges it. */
const BioForm = z.object({ bio: z.string() });

/** Spec 1 §2 Settings: the bio (120 characters at most), saved with PUT /v1/users/me/bio. */
export function BioEditor({ bio }: { bio: string }) {
  const trpc = useTRPC();
  const setBio = useMutation(trpc.users.setBio.mutationOptions());
  const form = useSchemaForm(BioForm, { defaultValues: { bio } });
  const text = form.watch('bio');
  const { run, outcome, dismiss } = useSettingsSave('Failed to update bio');

  const save = () =>
    run(async () => {
      const saved = await setBio.mutateAsync({ bio: form.getValues('bio') });
      form.setValue('bio', saved.bio);
      return 'Bio updated successfully';
    });

  return (
    <Form form={form} onSubmit={() => void save()} className="space-y-2" noValidate={false}>
      <label htmlFor="settings-bio" className="block font-semibold">
        Bio
      </label>
      <textarea
        id="settings-bio"
        className="textarea w-full"
        rows={3}
        placeholder="Tell us about yourself..."
        maxLength={LIMITS.bioMax}
        aria-describedby="settings-bio-count"
        {...form.register('bio')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="settings-bio-count" className="text-sm tabular-nums text-base-content/70">
          {text.length}/{LIMITS.bioMax}
        </span>
        <button type="submit" className="btn btn-primary btn-sm" disabled={setBio.isPending || text === bio}>
          {setBio.isPending ? 'Saving...' : 'Save Bio'}
        </button>
      </div>
      <OutcomeMessage outcome={outcome} banner={{ onRetry: () => void save(), onDismiss: dismiss, retrying: setBio.isPending }} />
    </Form>
  );
}
