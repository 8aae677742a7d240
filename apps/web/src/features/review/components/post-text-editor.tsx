import { platformName } from '@agentcast/contracts/publishing';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { CharacterCount } from './character-count.tsx';
import { postTextProblems, previewPlatforms } from '../lib/post-text.ts';

type PostTextEditorProps = {
  label: string;
  text: string;
  onChange: (text: string) => void;
  platforms: readonly string[];
  /** Shown once the person has tried to send: before that, an empty box is not an error. */
  showProblems: boolean;
  disabled?: boolean;
  /** The agent posts a text longer than one X post as a thread: X then counts posts, not 280 characters. */
  xThreads?: boolean;
};

/** A post's text with a live count per platform and the server's own length rules, said as it says them. */
export const PostTextEditor = ({
  label,
  text,
  onChange,
  platforms,
  showProblems,
  disabled,
  xThreads = false,
}: PostTextEditorProps) => {
  const problems = postTextProblems(text, platforms, { xThreads });
  const overLimit = problems.filter((problem) => problem.startsWith('Too long'));
  const shownProblems = showProblems ? problems : overLimit;
  const published = previewPlatforms(platforms).filter((platform) => platform !== 'terminal');
  return (
    <div>
      <TextareaField
        label={label}
        value={text}
        rows={5}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        error={shownProblems.join(' ') || undefined}
      />
      {published.length > 0 && (
        <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
          {published.map((platform) => (
            <span key={platform}>
              {platformName(platform)}: <CharacterCount text={text} platform={platform} xThreads={xThreads} />
            </span>
          ))}
        </p>
      )}
    </div>
  );
};
