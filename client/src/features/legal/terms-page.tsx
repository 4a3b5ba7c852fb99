import { ContactEmail } from './contact-email';
import { LegalLayout } from './legal-layout';

/** Spec 1 §2 Legal pages: Terms of Service. */
export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" updated="22 November 2026">
      <p>
        These terms govern your use of Stacks, a social ranking game in which you rank things from best to worst and
        compare your answers with friends and groups. By creating an account or using the service you accept them.
      </p>
      <h2>1. Who may use Stacks</h2>
      <p>
        You must be at least 18 years old to register or use Stacks. By registering you confirm that you are 18 or
        older. We close accounts that we learn belong to anyone younger.
      </p>
      <h2>2. Adult-oriented content</h2>
      <p>
        Stacks is made for adults and its topics may be adult-oriented: candid opinions, mature humour and frank
        comparisons. Sexually explicit content is not allowed anywhere on the service, in stacks, positions, comments,
        bios or social links.
      </p>
      <h2>3. Your account</h2>
      <ul>
        <li>Registration needs a registration code from an existing member or an administrator.</li>
        <li>You are responsible for keeping your password secret and for everything done with your account.</li>
        <li>You may deactivate your account at any time in Settings. Deactivation is immediate and cannot be undone.</li>
      </ul>
      <h2>4. Your content</h2>
      <p>
        You keep the rights to what you post. You give us a licence to store it and show it to the people you address
        it to (a friend or a group) for as long as it stays on the service. Follow the Community Rules; we may remove
        content or restrict accounts that break them.
      </p>
      <h2>5. Deleting your data</h2>
      <p>
        You may ask us to delete your account and personal data by e-mail
        <ContactEmail before=" to " />. We process deletion requests within 30 days of receiving them, except where the
        law requires us to keep something longer.
      </p>
      <h2>6. The service as it is</h2>
      <p>
        We work to keep Stacks available and safe, but we provide it as it is, without warranties of any kind, and we may
        change or end features.
      </p>
      <h2>7. Limitation of liability</h2>
      <p>
        To the extent the law allows, our total liability to you for any claim arising from these terms or the service
        is limited to the greater of the amounts you paid us in the 12 months before the claim or US $100.
      </p>
      <h2>8. Governing law and disputes</h2>
      <p>
        These terms are governed by the laws of the State of California, without regard to its conflict-of-laws rules.
        Any dispute will be resolved by binding individual arbitration, not in a class action, except that either party
        may bring a claim in small-claims court.
      </p>
      <h2>9. Changes</h2>
      <p>We will tell you in the app about material changes to these terms before they take effect.</p>
    </LegalLayout>
  );
}
