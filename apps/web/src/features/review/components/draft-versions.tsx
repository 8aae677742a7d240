import type { Draft } from '@agentcast/contracts/drafts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { dateAndTime } from '../../../lib/format-date.ts';

/** The draft's other versions (from Regenerate): any can be chosen back; the one it replaces takes its place. */
export const DraftVersions = ({
  versions,
  onChoose,
  disabled,
}: {
  versions: Draft['versions'];
  onChoose: (index: number) => void;
  disabled: boolean;
}) => (
  <section aria-label="Other versions" className="rounded-xl border border-ink-700 bg-ink-950/60 p-3">
    <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-400">Other versions ({versions.length})</h4>
    <ol className="mt-2 space-y-2">
      {versions.map((version, index) => (
        <li
          key={`${version.created_at}-${index}`}
          className="flex flex-col gap-2 rounded-lg bg-ink-900 p-3 sm:flex-row sm:items-start"
        >
          <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-300">{version.text}</p>
          <button
            type="button"
            className={buttonClasses('secondary', 'shrink-0 self-start px-3 py-1.5 text-xs')}
            onClick={() => onChoose(index)}
            disabled={disabled}
            aria-label={`Use the version from ${dateAndTime(version.created_at)}`}
          >
            Use this version
          </button>
        </li>
      ))}
    </ol>
  </section>
);
