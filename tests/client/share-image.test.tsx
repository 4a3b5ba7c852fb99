import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareImageButton } from '../../client/src/features/stacks/share-image-button';
import { StackDetail } from '../../client/src/features/stacks/stack-detail';
import { ME } from './fixtures';
import { renderAt, stubTrpc } from './render';
import { answeredGroupStack, stack } from './stacks-fixtures';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface FakeResponse {
  ok: boolean;
  status: number;
  blob(): Promise<Blob>;
  json(): Promise<unknown>;
}

/** A fetch that answers the PNG, or an API error body; records the calls. */
function stubImageFetch(answer: { status: number; detail?: string } = { status: 200 }) {
  const fetchMock = vi.fn(
    async (): Promise<FakeResponse> => ({
      ok: answer.status < 400,
      status: answer.status,
      blob: async () => new Blob([PNG_BYTES], { type: 'image/png' }),
      json: async () => ({ detail: answer.detail, code: 'NOT_ANSWERED' }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Gives navigator the Web Share API (jsdom has none). */
function stubWebShare(options: { canShare?: boolean; share?: () => Promise<void> } = {}) {
  const canShare = vi.fn(() => options.canShare ?? true);
  const share = vi.fn(options.share ?? (async () => undefined));
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true, writable: true });
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
  return { canShare, share };
}

let createObjectURL: ReturnType<typeof vi.fn>;
let clicks: HTMLAnchorElement[];
beforeEach(() => {
  localStorage.setItem('token', 'tok-123');
  // jsdom has no object URLs, and a clicked <a download> would navigate.
  createObjectURL = vi.fn(() => 'blob:share-1');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  Reflect.deleteProperty(navigator, 'canShare');
  Reflect.deleteProperty(navigator, 'share');
});

describe('Share button on a stack result', () => {
  it('fetches the image with the token and shares it as a file through the Web Share API', async () => {
    const fetchMock = stubImageFetch();
    const { canShare, share } = stubWebShare();
    const { user } = renderAt(<ShareImageButton kind="stack" stackId={42} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Image shared.');
    expect(fetchMock).toHaveBeenCalledWith('/v1/stacks/42/image.png', { headers: { Authorization: 'Bearer tok-123' } });
    expect(canShare).toHaveBeenCalledTimes(1);
    const shared = share.mock.calls[0] as unknown as [{ files: File[]; title: string }];
    expect(shared[0].title).toBe('Stacks: Lunch');
    expect(shared[0].files).toHaveLength(1);
    expect({ name: shared[0].files[0].name, type: shared[0].files[0].type, size: shared[0].files[0].size }).toEqual({ name: 'stack-42.png', type: 'image/png', size: PNG_BYTES.length });
    expect(clicks).toHaveLength(0);
  });

  it('downloads the PNG where the browser has no Web Share API', async () => {
    stubImageFetch();
    const { user } = renderAt(<ShareImageButton kind="stack" stackId={42} name={null} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Image downloaded as stack-42.png.');
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('stack-42.png');
    expect(clicks[0].getAttribute('href')).toBe('blob:share-1');
    expect(clicks[0].isConnected).toBe(false);
    expect((createObjectURL.mock.calls[0][0] as Blob).type).toBe('image/png');
  });

  it('downloads when the browser cannot share files, or refuses the share; closing the share sheet does nothing', async () => {
    stubImageFetch();
    const { share } = stubWebShare({ canShare: false });
    const { user } = renderAt(<ShareImageButton kind="twisted" stackId={90} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Image downloaded as twisted-stack-90.png.');
    expect(share).not.toHaveBeenCalled();
    expect(clicks.map((a) => a.download)).toEqual(['twisted-stack-90.png']);

    stubWebShare({ share: async () => Promise.reject(new DOMException('expired', 'NotAllowedError')) });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(clicks).toHaveLength(2));

    const { share: cancelled } = stubWebShare({ share: async () => Promise.reject(new DOMException('closed', 'AbortError')) });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(cancelled).toHaveBeenCalledTimes(1));
    expect(clicks).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('fetches a twisted stack from its own path', async () => {
    const fetchMock = stubImageFetch();
    stubWebShare();
    const { user } = renderAt(<ShareImageButton kind="twisted" stackId={90} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('Image shared.');
    expect(fetchMock.mock.calls[0]).toEqual(['/v1/twisted_stacks/90/image.png', { headers: { Authorization: 'Bearer tok-123' } }]);
  });

  it("says why when the server refuses, with the server's detail", async () => {
    stubImageFetch({ status: 403, detail: 'Answer the stack before sharing its image' });
    const { share } = stubWebShare();
    const { user } = renderAt(<ShareImageButton kind="stack" stackId={42} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to share the image: Answer the stack before sharing its image');
    expect(share).not.toHaveBeenCalled();
    expect(clicks).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('a refused token signs the user out, as any 401 does', async () => {
    stubImageFetch({ status: 401, detail: 'Not authenticated' });
    const { user } = renderAt(<ShareImageButton kind="stack" stackId={42} name="Lunch" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to share the image: Not authenticated');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is on the stack detail once the viewer has answered, not before', async () => {
    stubTrpc({ 'users.me': ME, 'stacks.get': answeredGroupStack() });
    const props = { onLoaded: vi.fn(), onLoadFailed: vi.fn(), onClose: vi.fn(), onOpenUser: vi.fn(), onOpenGroup: vi.fn(), onOpenBot: vi.fn(), onOpenStack: vi.fn() };
    const answered = renderAt(<StackDetail id={42} {...props} />);
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    answered.unmount();

    stubTrpc({ 'users.me': ME, 'stacks.get': stack() });
    renderAt(<StackDetail id={42} {...props} />);
    await screen.findByRole('heading', { name: 'Lunch', level: 1 });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
