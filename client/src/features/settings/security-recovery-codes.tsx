import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { saveFile } from '../../lib/save-file';

export const RECOVERY_CODES_FILE = 'stacks-recovery-codes.txt';

/**
 * The recovery codes, shown once (only their hashes are kept): inside the dialog that made them,
 * in place of its form. The heading takes focus as the view changes, so a screen reader starts here.
 */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-3">
      <h4 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
        Recovery codes
      </h4>
      <p>Save these codes somewhere safe. Each one works once, and you will not see them again.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-1 rounded-box bg-base-200 p-3 font-mono min-[360px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The codes dialog's footer: Copy and Download (a text file), then Done. */
export function RecoveryCodesActions({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    if (await copyText(text)) setNote({ text: 'Copied.', failed: false });
    else setNote({ text: 'Could not copy the codes. Select them and copy them yourself.', failed: true });
  }

  function download() {
    saveFile(RECOVERY_CODES_FILE, new Blob([text], { type: 'text/plain' }));
    setNote({ text: `Saved as ${RECOVERY_CODES_FILE}.`, failed: false });
  }

  return (
    <div className="flex w-full flex-col gap-2">
      <p role="status" className={`min-h-5 text-sm ${note?.failed ? 'text-error' : 'text-base-content/80'}`}>
        {note?.text}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn" onClick={download}>
          Download
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
