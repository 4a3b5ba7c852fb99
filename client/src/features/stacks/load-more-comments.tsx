import { useEffect, useRef } from 'react';

/**
 * Older comments load when this control comes within 100 px of the viewport (it sits above the
 * oldest comment shown, where the missing ones belong); the button serves keyboards and browsers
 * without IntersectionObserver. It stays mounted while loading, so a page that leaves it in view
 * does not set off the next one by itself.
 */
export function LoadMoreComments({ loading, onLoadMore }: { loading: boolean; onLoadMore(): Promise<void> }) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef({ loading, onLoadMore });
  useEffect(() => {
    latest.current = { loading, onLoadMore };
  });
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) void latest.current.onLoadMore();
      },
      { rootMargin: '100px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return (
    <button ref={ref} type="button" className="btn btn-ghost btn-sm w-full" disabled={loading} onClick={() => void onLoadMore()}>
      {loading ? 'Loading more comments...' : 'Load more comments'}
    </button>
  );
}

