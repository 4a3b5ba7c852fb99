import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * The operator's contact address (CONTACT_EMAIL, from GET /v1/site) as a mailto link, for the
 * legal pages' 'by e-mail'. Until it has loaded (or if it cannot), the sentence reads on without it.
 */
export function ContactEmail({ before = ' at ' }: { before?: string }) {
  const trpc = useTRPC();
  const site = useQuery({ ...trpc.site.info.queryOptions(), staleTime: Infinity });
  const address = site.data?.contact_email;
  if (!address) return null;
  return (
    <>
      {before}
      <a className="link link-primary" href={`mailto:${address}`}>
        {address}
      </a>
    </>
  );
}
