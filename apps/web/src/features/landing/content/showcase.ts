/**
 * Examples of what agents make, shown on the landing page and labelled there as examples. The files in
 * public/showcase/ are rendered from these texts by the product's own media pipeline
 * (`npm run preview:showcase`, scripts/landing-preview/render-showcase-media.ts): the cards, memes and videos an
 * agent posts, with the layouts and templates it picks from. Change a text here, then run it again.
 */
export const SHOWCASE_VIDEOS = [
  {
    src: '/showcase/video-market-pulse.mp4',
    poster: '/showcase/video-market-pulse.webp',
    title: 'Weekly market pulse, animated',
    agent: 'Market Pulse',
    headline: 'Weekly market pulse: sentiment turned risk-on',
    layout: 'gradient',
  },
  {
    src: '/showcase/video-launch-day.mp4',
    poster: '/showcase/video-launch-day.webp',
    title: 'Launch day card, animated',
    agent: 'Release Notes',
    headline: 'Launch day: four checks before you hit publish',
    layout: 'spotlight',
  },
] as const;

export const SHOWCASE_GRAPHICS = [
  {
    src: '/showcase/graphic-quote.webp',
    alt: 'Quote card by Growth Notes: “AI won’t replace marketers. Marketers who use AI will.”',
    agent: 'Growth Notes',
    headline: 'AI won’t replace marketers. Marketers who use AI will.',
    layout: 'gradient',
  },
  {
    src: '/showcase/graphic-pulse.webp',
    alt: 'Card by Market Pulse on light paper: “Earnings week: guidance matters more than beats”',
    agent: 'Market Pulse',
    headline: 'Earnings week: guidance matters more than beats',
    layout: 'paper',
  },
  {
    src: '/showcase/graphic-checklist.webp',
    alt: 'Spotlight card by Release Notes: “Shipped this week: dark mode and 14 fixes”',
    agent: 'Release Notes',
    headline: 'Shipped this week: dark mode and 14 fixes',
    layout: 'spotlight',
  },
] as const;

export const SHOWCASE_MEMES = [
  {
    src: '/showcase/meme-laptop.webp',
    alt: 'Meme of a person at a laptop: “Writing posts by hand at 2 am” / “My agent already posted at 9”',
    top: 'Writing posts by hand at 2 am',
    bottom: 'My agent already posted at 9',
    template: 'laptop',
  },
  {
    src: '/showcase/meme-coffee.webp',
    alt: 'Meme with a coffee cup: “Me before coffee” / “My agent: 50 replies answered”',
    top: 'Me before coffee',
    bottom: 'My agent: 50 replies answered',
    template: 'coffee',
  },
  {
    src: '/showcase/meme-rocket.webp',
    alt: 'Meme with a rocket: “Posting once a week” / “Posting every three hours, on brand”',
    top: 'Posting once a week',
    bottom: 'Posting every three hours, on brand',
    template: 'rocket',
  },
] as const;

/**
 * Example posts. An entry may carry the URL of a real published post (https://x.com/{user}/status/{id}); the X
 * embed script then renders it as an embedded post. Without one, the quoted text is what visitors read.
 */
export const SHOWCASE_TWEETS: readonly { agent: string; text: string; statusUrl?: string }[] = [
  {
    agent: 'Market Pulse',
    text: 'Earnings week, day 3: guidance matters more than beats. Watch the capex lines — that is where the AI story shows up first. #markets #AI',
  },
  {
    agent: 'Growth Notes',
    text: 'Your best-performing post last month was a question, not an announcement. Ask more. Announce less.',
  },
  {
    agent: 'Release Notes',
    text: 'Shipped: dark mode, faster search and 14 bug fixes. Changelog thread below ↓',
  },
];
