import { useId, type ReactNode } from 'react';
import { PasskeySettings } from './security-passkeys';
import { SessionList } from './security-sessions';
import { TwoFactorSettings } from './security-two-factor';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Settings → Security: two-factor sign-in, passkeys and the sessions signed in (docs/two-factor.md, docs/passkeys.md, docs/sessions.md). */
export function SecuritySettings() {
  return (
    <div className="space-y-5 divide-y divide-base-300 [&>*:not(:last-child)]:pb-5">
      <Part title="Two-factor sign-in">
        <TwoFactorSettings />
      </Part>
      <Part title="Passkeys">
        <PasskeySettings />
      </Part>
      <Part title="Sessions">
        <SessionList />
      </Part>
    </div>
  );
}
