import type { MediaItem } from '@agentcast/contracts/terminal';
import { PreviewMedia } from './preview-media.tsx';

/** A post that goes to the terminal only: shown as the terminal will show it, with no platform's look. */
export const TerminalPreview = ({ text, media }: { text: string; media: MediaItem[] }) => (
  <article aria-label="Terminal preview" className="rounded-xl border border-ink-700 bg-ink-950 p-4 font-mono text-sm">
    <p className="whitespace-pre-wrap break-words text-emerald-200">
      <span className="text-signal-400">&gt;</span> {text.trim()}
    </p>
    {media.length > 0 && (
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {media.map((item, index) => (
          <div key={item.url} className="overflow-hidden rounded-lg border border-ink-700">
            <PreviewMedia item={item} label={`Media ${index + 1} of the post`} />
          </div>
        ))}
      </div>
    )}
    <p className="mt-3 text-xs text-slate-400">Terminal only: not published to a platform.</p>
  </article>
);
