import { ContactEmail } from './contact-email';
import { LegalLayout } from './legal-layout';

/** Spec 1 §2 Legal pages: Community Rules. */
export function RulesPage() {
  return (
    <LegalLayout title="Community Rules" updated="22 November 2026">
      <p>Stacks works when people rank honestly and treat each other well. These rules apply everywhere on Stacks.</p>
      <h2>1. Respect</h2>
      <p>Disagree with rankings, not with people. Be kind to the friends and groups you play with.</p>
      <h2>2. No hate or harassment</h2>
      <p>
        No attacks on anyone for who they are, no threats, no bullying, no posting of anyone's private information, and
        no using stacks or comments to target a person.
      </p>
      <h2>3. Adult guidelines</h2>
      <p>
        Stacks is for adults, and mature topics are welcome, but sexually explicit material is not. Keep it suitable
        for a group of adults who did not all choose to see something graphic.
      </p>
      <h2>4. No spam</h2>
      <p>No advertising, repeated posts, chain messages or links that exist only to promote something.</p>
      <h2>5. Authenticity</h2>
      <p>One account per person. Do not impersonate anyone or mislead others about who you are.</p>
      <h2>6. No automation or ranking manipulation</h2>
      <p>
        Do not use scripts or automated accounts, and do not coordinate answers to game friendship scores or group
        consensus. The only bots on Stacks are the ones we run.
      </p>
      <h2>7. Intellectual property</h2>
      <p>Post only what you have the right to share, and credit others' work.</p>
      <h2>8. Stay on topic</h2>
      <p>Keep comments about the stack they belong to, and group stacks about what the group is for.</p>
      <h2>9. Consequences</h2>
      <p>Depending on how serious a breach of these rules is, and whether it is repeated, we may take one or more of these steps:</p>
      <ul>
        <li>content removal,</li>
        <li>feature restrictions,</li>
        <li>account deletion,</li>
        <li>and, for unlawful behaviour, legal action.</li>
      </ul>
      <h2>10. Appeals</h2>
      <p>
        If you think we got a decision wrong, write to us by e-mail
        <ContactEmail /> within 30 days, with your username and what happened. A person who was not involved in the
        first decision will review it and answer you.
      </p>
    </LegalLayout>
  );
}
