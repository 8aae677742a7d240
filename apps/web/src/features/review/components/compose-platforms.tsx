import { useId } from 'react';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { PostTextEditor } from './post-text-editor.tsx';

type ComposePlatformsProps = {
  /** The agent's platforms (the terminal aside). */
  available: readonly string[];
  chosen: readonly string[];
  onChosenChange: (platforms: string[]) => void;
  /** The texts of the platforms customized. */
  texts: Readonly<Record<string, string>>;
  onTextsChange: (texts: Record<string, string>) => void;
  commonText: string;
  isCustomizing: boolean;
  onCustomizingChange: (isCustomizing: boolean) => void;
  problem: string | undefined;
  showProblems: boolean;
  xThreads: boolean;
};

/**
 * Where the post goes (the agent's platforms, all ticked at first) and, behind "Customize per platform", a text of a
 * platform's own: it starts as the common text, and a platform not customized keeps taking the common text.
 */
export const ComposePlatforms = ({
  available,
  chosen,
  onChosenChange,
  texts,
  onTextsChange,
  commonText,
  isCustomizing,
  onCustomizingChange,
  problem,
  showProblems,
  xThreads,
}: ComposePlatformsProps) => {
  const id = useId();
  if (available.length === 0)
    return <p className="text-sm text-slate-400">This agent posts to the Terminal only: its posts show there.</p>;

  const toggle = (platform: string, isChosen: boolean) =>
    onChosenChange(available.filter((item) => (item === platform ? isChosen : chosen.includes(item))));
  const setText = (platform: string, text: string | undefined) => {
    const next = { ...texts };
    if (text === undefined) delete next[platform];
    else next[platform] = text;
    onTextsChange(next);
  };

  return (
    <div className="space-y-3">
      <fieldset aria-describedby={problem ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-200">Post to</legend>
        <div className="mt-1.5 flex flex-wrap gap-x-5 gap-y-2">
          {available.map((platform) => (
            <label key={platform} className="flex items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                className="size-4 accent-brand-500"
                checked={chosen.includes(platform)}
                onChange={(event) => toggle(platform, event.target.checked)}
              />
              {platformName(platform)}
            </label>
          ))}
        </div>
        {problem && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
            {problem}
          </p>
        )}
      </fieldset>
      {chosen.length > 0 && (
        <button
          type="button"
          aria-expanded={isCustomizing}
          aria-controls={`${id}-texts`}
          className={buttonClasses('ghost', 'px-2 py-1 text-sm')}
          onClick={() => onCustomizingChange(!isCustomizing)}
        >
          {isCustomizing ? '▾' : '▸'} Customize per platform
        </button>
      )}
      {isCustomizing && (
        <ul id={`${id}-texts`} className="space-y-3 border-l-2 border-ink-700 pl-3" aria-label="Texts per platform">
          {chosen.map((platform) => {
            const own = texts[platform];
            const name = platformName(platform);
            return (
              <li key={platform}>
                {own === undefined ? (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm text-slate-300">
                      <span className="font-medium text-slate-200">{name}</span>: uses the common text.
                    </p>
                    <button
                      type="button"
                      className={buttonClasses('secondary', 'px-2.5 py-1 text-xs')}
                      onClick={() => setText(platform, commonText)}
                    >
                      Write a text for {name}
                    </button>
                  </div>
                ) : (
                  <div>
                    <PostTextEditor
                      label={`${name} text`}
                      text={own}
                      onChange={(text) => setText(platform, text)}
                      platforms={[platform]}
                      showProblems={showProblems}
                      xThreads={xThreads}
                    />
                    <button
                      type="button"
                      className={buttonClasses('ghost', 'mt-1 px-2 py-1 text-xs')}
                      onClick={() => setText(platform, undefined)}
                    >
                      Use the common text for {name}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
};
