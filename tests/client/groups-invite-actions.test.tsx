import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRespondToGroupInvite } from '../../client/src/features/notifications/group-invite-actions';
import { writeOverviewCache } from '../../client/src/lib/groups-cache';
import { renderAt, stubTrpc, TrpcFailure } from './render';

beforeEach(() => sessionStorage.clear());

function Answer({ requestId }: { requestId: number }) {
  const { accept, ignore } = useRespondToGroupInvite();
  const [outcome, setOutcome] = useState('');
  const run = (call: (id: number) => Promise<void>, done: string) => () =>
    void call(requestId).then(
      () => setOutcome(done),
      () => setOutcome('failed'),
    );
  return (
    <>
      <button type="button" onClick={run(accept, 'accepted')}>
        Accept
      </button>
      <button type="button" onClick={run(ignore, 'ignored')}>
        Ignore
      </button>
      <output>{outcome}</output>
    </>
  );
}

describe('useRespondToGroupInvite (spec 1 §2 notifications, spec 2 §4)', () => {
  it('accepts with ACCEPTED and drops the stored groups overview', async () => {
    writeOverviewCache({ my_groups: [], public_groups: [] });
    const server = stubTrpc({ 'groups.respond': (input: { id: number; status: string }) => ({ id: input.id, status: input.status, group_id: 7 }) });
    const { user } = renderAt(<Answer requestId={5} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('accepted')).toBeInTheDocument();
    expect(server.callsTo('groups.respond')[0].input).toEqual({ id: 5, status: 'ACCEPTED' });
    expect(sessionStorage.getItem('groupsOverview')).toBeNull();
  });

  it('ignores with REJECTED', async () => {
    const server = stubTrpc({ 'groups.respond': (input: { id: number; status: string }) => ({ id: input.id, status: input.status, group_id: 7 }) });
    const { user } = renderAt(<Answer requestId={6} />);
    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    expect(await screen.findByText('ignored')).toBeInTheDocument();
    expect(server.callsTo('groups.respond')[0].input).toEqual({ id: 6, status: 'REJECTED' });
  });

  it('passes a failure on to the caller', async () => {
    stubTrpc({
      'groups.respond': () => {
        throw new TrpcFailure(409, 'This invitation has already been answered', 'REQUEST_ANSWERED');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderAt(<Answer requestId={6} />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('failed')).toBeInTheDocument();
  });
});
