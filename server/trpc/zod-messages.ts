import { z } from 'zod';

const english = z.locales.en();

/**
 * zod's default messages do not say which field failed; the API's `detail` must (DESIGN §2).
 * Messages written in the shared schemas already name their field and are left as they are.
 */
z.config({
  customError: (issue) => {
    const base = english.localeError(issue);
    const message = typeof base === 'string' ? base : base?.message;
    if (!message) return undefined;
    return issue.path?.length ? `${issue.path.join('.')}: ${message}` : message;
  },
});
