import { useEffect, useState } from 'react';
import { SHOWCASE_TWEETS } from '../content/showcase.ts';

const X_WIDGETS_SCRIPT = 'https://platform.twitter.com/widgets.js';

type EmbedState = 'loading' | 'ready' | 'unavailable';

/**
 * Loads X's embed script only once this tab is opened. The posts are real <blockquote class="twitter-tweet">
 * markup, so they stay readable when the script is blocked or offline; with it, posts that carry a status URL
 * become live embeds.
 */
const loadWidgetsScript = () =>
  new Promise<void>((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${X_WIDGETS_SCRIPT}"]`);
    if (existing?.dataset.loaded === 'true') return resolve();
    const script = existing ?? Object.assign(document.createElement('script'), { src: X_WIDGETS_SCRIPT, async: true });
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('X embed script unavailable')));
    if (!existing) document.body.append(script);
  });

export const ShowcaseTweets = () => {
  const [embedState, setEmbedState] = useState<EmbedState>('loading');

  useEffect(() => {
    let isCurrent = true;
    loadWidgetsScript().then(
      () => isCurrent && setEmbedState('ready'),
      () => isCurrent && setEmbedState('unavailable'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  return (
    <div data-embed-state={embedState}>
      <ul className="grid gap-5 md:grid-cols-3">
        {SHOWCASE_TWEETS.map((tweet) => (
          <li key={tweet.text}>
            <blockquote
              className="twitter-tweet h-full rounded-xl border border-ink-700 bg-ink-800 p-5"
              data-dnt="true"
              data-theme="dark"
            >
              <p className="text-slate-100">{tweet.text}</p>
              <footer className="mt-4 text-sm text-slate-400">
                — {tweet.agent}, an example agent
                {tweet.statusUrl && (
                  <>
                    {' '}
                    <a href={tweet.statusUrl}>View on X</a>
                  </>
                )}
              </footer>
            </blockquote>
          </li>
        ))}
      </ul>
      {embedState === 'unavailable' && (
        <p className="mt-4 text-sm text-slate-400">
          Live embeds from X could not load, so the posts are shown as text.
        </p>
      )}
    </div>
  );
};
