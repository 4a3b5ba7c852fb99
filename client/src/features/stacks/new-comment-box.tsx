import { useEffect, useId, useRef } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { prepareComment, STACK_MESSAGES } from '../../../../shared/schemas/stacks';
import { isNetworkError } from '../../lib/trpc';
import type { OutcomeTexts } from '../../lib/use-action-outcome';
import { COMMENT_NOT_SENT, COMMENT_WAITING, commentProblems } from './comment-rules';
import type { StackKind } from './stack-kind';
import { commentDraftKey, parseCommentDraft, useSessionDraft } from './stack-draft';

interface NewCommentBoxProps {
  kind: StackKind;
  stackId: number;
  meId: number | undefined;
  /** The create call, and its state: on its way, or waiting (paused) for the connection. */
  create: { send(description: string): Promise<unknown>; pending: boolean; paused: boolean };
  /** Runs the send and says how it went (the section's alert). */
  run(action: () => Promise<unknown>, texts: OutcomeTexts<unknown>): Promise<unknown>;
  onChanged(): Promise<unknown>;
}

/**
 * The new comment box (spec 2 §5 rules, `commentProblems`). What is typed survives a failed send
 * and a reload (a session draft), until it is sent.
 */
export function NewCommentBox({ kind, stackId, meId, create, run, onChanged }: NewCommentBoxProps) {
  const boxId = useId();
  const draftKey = meId === undefined ? null : commentDraftKey(meId, kind, stackId);
  const [text, setText, discardDraft] = useSessionDraft(draftKey, () => '', parseCommentDraft, (value) => value === '');
  const textNow = useRef(text);
  useEffect(() => {
    textNow.current = text;
  });
  const problems = commentProblems(text);
  const canSend = !problems.empty && !problems.tooManyNewlines && !problems.tooLong && !create.pending;

  const send = async () => {
    if (!canSend) return;
    const sent = text;
    await run(
      async () => {
        // While the server cannot be reached the call waits (paused) and goes when it is back.
        await create.send(prepareComment(sent));
        // Text typed while it was on its way stays.
        if (textNow.current === sent) {
          discardDraft();
          setText('');
        }
        await onChanged();
      },
      { failure: (error) => (isNetworkError(error) ? COMMENT_NOT_SENT : 'Failed to create comment. Please try again.') },
    );
  };

  return (
    <div className="form-control">
      <label htmlFor={boxId} className="label-text pb-1">
        Add a comment
      </label>
      <textarea id={boxId} className="textarea w-full" rows={3} value={text} maxLength={LIMITS.commentMax} onChange={(event) => setText(event.target.value)} aria-describedby={`${boxId}-counter`} />
      <div className="mt-1 flex items-center justify-between gap-2">
        <span id={`${boxId}-counter`} className="text-xs text-base-content/60">
          {text.length}/{LIMITS.commentMax} characters
        </span>
        <button type="button" className="btn btn-primary btn-sm" disabled={!canSend} onClick={() => void send()}>
          Send
        </button>
      </div>
      {create.paused && (
        <p role="status" className="text-sm text-base-content/70">
          {COMMENT_WAITING}
        </p>
      )}
      {problems.tooManyNewlines && (
        <p role="alert" className="text-sm text-error">
          {STACK_MESSAGES.commentNewlines}
        </p>
      )}
    </div>
  );
}
