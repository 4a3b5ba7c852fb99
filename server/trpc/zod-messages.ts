import { z } from 'zod';

const english = z.locales.en();

/**
 * zod's default messages do not say which field failed; the API's `detail` must (DESIGN §2).
 * Messages written in the shared schemas already name their field and are left as they are.
 */
z.config({
  customError: (issue) => {
    // z.coerce.number() turns a missing or non-numeric value into NaN; say so plainly.
    if (issue.code === 'invalid_type' && Number.isNaN(issue.input)) {
      return issue.path?.length ? `${issue.path.join('.')}: must be a number` : 'Must be a number';
    }
    const base = english.localeError(issue);
    const message = typeof base === 'string' ? base : base?.message;
    if (!message) return undefined;
    return issue.path?.length ? `${issue.path.join('.')}: ${message}` : message;
  },
});
