import { useCallback, useEffect, useRef, useState } from 'react';
import { errorDetail } from './trpc';

/** How an action went: a success note, or what its failure says. */
export interface ActionOutcome {
  ok: boolean;
  text: string;
}

export interface OutcomeTexts<T> {
  /** What a success says (or what it makes of the answer); none: a success shows nothing. */
  success?: string | ((answer: T) => string);
  /** What a failure says: a fixed text (spec 1 §8), or one made from the error (`serverDetailOr`). */
  failure: string | ((error: unknown) => string);
}

/** A failure text: the server's `detail` of a refusal, else `fallback`. */
export const serverDetailOr =
  (fallback: string) =>
  (error: unknown): string =>
    errorDetail(error) ?? fallback;

/**
 * "Run an action, then say how it went", for `OutcomeMessage`: `run` clears the last outcome,
 * performs the action, and keeps its success or failure text (a failure is logged too). With
 * `successMs`, a success note clears itself after that long (spec 1 §8: 3 seconds); a failure
 * stays until the next action or `show(null)`.
 *
 * `run` and `show` keep their identity across renders.
 */
export function useActionOutcome({ successMs }: { successMs?: number } = {}) {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: ActionOutcome | null) => {
      clearTimeout(timer.current);
      setOutcome(next);
      if (next?.ok && successMs !== undefined) timer.current = setTimeout(() => setOutcome(null), successMs);
    },
    [successMs],
  );

  /** Performs `action`; its answer, or undefined when it failed. */
  const run = useCallback(
    async <T>(action: () => Promise<T>, texts: OutcomeTexts<T>): Promise<T | undefined> => {
      show(null);
      try {
        const answer = await action();
        const { success } = texts;
        if (success !== undefined) show({ ok: true, text: typeof success === 'string' ? success : success(answer) });
        return answer;
      } catch (error) {
        const text = typeof texts.failure === 'string' ? texts.failure : texts.failure(error);
        console.error(text, error);
        show({ ok: false, text });
        return undefined;
      }
    },
    [show],
  );

  return { outcome, show, run };
}
