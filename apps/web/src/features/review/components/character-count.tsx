import { platformName } from '@agentcast/contracts/publishing';
import { characterCount } from '../lib/post-text.ts';

/** The count's colours on a dark preview and on a light one (Instagram's white card), readable on each. */
const TONES = {
  dark: { fits: 'text-slate-400', over: 'font-semibold text-red-400' },
  light: { fits: 'text-zinc-600', over: 'font-semibold text-red-700' },
} as const;

/**
 * "123/280" for one platform, red with how far over once the text no longer fits. On X, for an agent that posts
 * threads, a longer text says how many posts it makes instead: it is not over, it is a thread.
 */
export const CharacterCount = ({
  text,
  platform,
  xThreads = false,
  surface = 'dark',
  className = '',
}: {
  text: string;
  platform: string;
  xThreads?: boolean;
  /** What the count is written on. */
  surface?: keyof typeof TONES;
  className?: string;
}) => {
  const { length, limit, isOver, threadLength } = characterCount(text, platform, { xThreads });
  if (limit === undefined) return null;
  const tone = isOver ? TONES[surface].over : TONES[surface].fits;
  if (threadLength !== undefined) {
    return (
      <span className={`text-xs tabular-nums ${tone} ${className}`}>
        {isOver
          ? `${length.toLocaleString('en-US')} ${platform === 'farcaster' ? 'bytes' : 'characters'} · too long for a thread`
          : `Thread of ${threadLength} posts`}
      </span>
    );
  }
  return (
    <span
      className={`text-xs tabular-nums ${tone} ${className}`}
      aria-label={`${platformName(platform)}: ${length} of ${limit} ${platform === 'farcaster' ? 'bytes' : 'characters'}`}
    >
      {length}/{limit.toLocaleString('en-US')}
      {isOver && ` · ${length - limit} over`}
    </span>
  );
};
