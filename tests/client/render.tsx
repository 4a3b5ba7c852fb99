import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { Providers } from '../../client/src/app/providers';

/** Renders inside the app's real providers and a memory router at `path`. */
export function renderAt(ui: ReactElement, path = '/') {
  const user = userEvent.setup();
  const view = render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { user, ...view };
}

/** A tRPC batch answer as the server sends it, for a stubbed fetch. */
export function trpcResult(data: unknown) {
  return new Response(JSON.stringify([{ result: { data } }]), { status: 200, headers: { 'content-type': 'application/json' } });
}

export function trpcError(status: number, detail: string, code = 'CONFLICT') {
  const body = [{ error: { message: detail, code: -32009, data: { code, httpStatus: status, detail, app_code: code } } }];
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function stubFetch(impl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
