import { platformName } from '@agentcast/contracts/publishing';
import { characterCount } from './post-text.ts';

/** "123/280" for one platform, red with how far over once the text no longer fits. */
export const CharacterCount = ({
  text,
  platform,
  className = '',
}: {
  text: string;
  platform: string;
  className?: string;
}) => {
  const { length, limit, isOver } = characterCount(text, platform);
  if (limit === undefined) return null;
  return (
    <span
      className={`text-xs tabular-nums ${isOver ? 'font-semibold text-red-400' : 'text-slate-400'} ${className}`}
      aria-label={`${platformName(platform)}: ${length} of ${limit} characters`}
    >
      {length}/{limit.toLocaleString('en-US')}
      {isOver && ` · ${length - limit} over`}
    </span>
  );
};
