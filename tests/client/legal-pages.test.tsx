import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RulesPage } from '../../client/src/features/legal/rules-page';
import { TermsPage } from '../../client/src/features/legal/terms-page';
import { renderAt, stubTrpc } from './render';

const SITE = { product_name: 'Stacks', contact_email: 'help@stacks.example' };

describe('Legal pages: the contact address (CONTACT_EMAIL)', () => {
  it('Terms of Service: deletion requests by e-mail to the address, as a mailto link', async () => {
    stubTrpc({ 'site.info': SITE });
    renderAt(<TermsPage />, '/terms-of-service');
    const link = await screen.findByRole('link', { name: 'help@stacks.example' });
    expect(link).toHaveAttribute('href', 'mailto:help@stacks.example');
    expect(link.closest('p')).toHaveTextContent('You may ask us to delete your account and personal data by e-mail to help@stacks.example. We process deletion requests within 30 days');
  });

  it('Community Rules: appeals by e-mail at the address, as a mailto link', async () => {
    stubTrpc({ 'site.info': SITE });
    renderAt(<RulesPage />, '/rules');
    const link = await screen.findByRole('link', { name: 'help@stacks.example' });
    expect(link).toHaveAttribute('href', 'mailto:help@stacks.example');
    expect(link.closest('p')).toHaveTextContent('write to us by e-mail at help@stacks.example within 30 days');
  });
});

describe('Community Rules §9', () => {
  it('introduces its list of consequences with a sentence', () => {
    stubTrpc({ 'site.info': SITE });
    renderAt(<RulesPage />, '/rules');
    const heading = screen.getByRole('heading', { name: '9. Consequences' });
    const lead = heading.nextElementSibling!;
    expect(lead.tagName).toBe('P');
    expect(lead).toHaveTextContent(/^Depending on how serious a breach of these rules is, and whether it is repeated, we may take one or more of these steps:$/);
    expect(lead.nextElementSibling!.tagName).toBe('UL');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'content removal,',
      'feature restrictions,',
      'account deletion,',
      'and, for unlawful behaviour, legal action.',
    ]);
  });
});
