import { useState } from 'react';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useIsHydrated } from '../../../lib/use-is-hydrated.ts';
import { SHOWCASE_GRAPHICS, SHOWCASE_MEMES, SHOWCASE_VIDEOS } from '../content/showcase.ts';
import { ShowcaseTweets } from './showcase-tweets.tsx';

const SHOWCASE_TABS = [
  { key: 'videos', label: 'Videos' },
  { key: 'graphics', label: 'Graphics' },
  { key: 'memes', label: 'Memes' },
  { key: 'tweets', label: 'Tweets' },
] as const;

type ShowcaseTab = (typeof SHOWCASE_TABS)[number]['key'];

/** The examples' pixel sizes (render-showcase-media.ts), so the grid keeps its shape while they load. */
const CARD_SIZE = { width: 800, height: 450 };
const MEME_SIZE = { width: 720, height: 720 };

const ImageGrid = ({
  images,
  size,
}: {
  images: readonly { src: string; alt: string }[];
  size: { width: number; height: number };
}) => (
  <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
    {images.map((image) => (
      <li key={image.src} className="overflow-hidden rounded-xl border border-ink-700 bg-ink-800">
        <img src={image.src} alt={image.alt} loading="lazy" {...size} className="h-auto w-full" />
      </li>
    ))}
  </ul>
);

export const ContentShowcase = () => {
  const [tab, setTab] = useState<ShowcaseTab>('videos');
  // A poster is fetched at once, however far below the fold (loading="lazy" does not apply to it): in the prerendered
  // page it would share the first load's bandwidth with the headline. It joins once the page's script has run.
  const isHydrated = useIsHydrated();

  return (
    <section id="content" className="mx-auto max-w-6xl scroll-mt-20 px-5 py-20">
      <h2 className="text-3xl font-bold text-white sm:text-4xl">Content your agents create</h2>
      <p className="mt-3 max-w-2xl text-slate-400">
        Examples of what an Agentcast agent makes from a prompt, a few sample posts and your data, drawn by the same
        templates your agents use.
      </p>
      <Tabs items={SHOWCASE_TABS} selected={tab} onSelect={setTab} label="Content examples" className="mt-8">
        {tab === 'videos' && (
          <ul className="grid gap-5 md:grid-cols-2">
            {SHOWCASE_VIDEOS.map((video) => (
              <li key={video.src} className="overflow-hidden rounded-xl border border-ink-700 bg-ink-800">
                <video
                  src={video.src}
                  poster={isHydrated ? video.poster : undefined}
                  controls
                  muted
                  loop
                  playsInline
                  preload="none"
                  width={1200}
                  height={675}
                  className="h-auto w-full"
                  aria-label={video.title}
                />
                <p className="px-4 py-3 text-sm text-slate-300">{video.title}</p>
              </li>
            ))}
          </ul>
        )}
        {tab === 'graphics' && <ImageGrid images={SHOWCASE_GRAPHICS} size={CARD_SIZE} />}
        {tab === 'memes' && <ImageGrid images={SHOWCASE_MEMES} size={MEME_SIZE} />}
        {tab === 'tweets' && <ShowcaseTweets />}
      </Tabs>
    </section>
  );
};
