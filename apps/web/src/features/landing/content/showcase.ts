/**
 * Examples of what agents make, shown on the landing page. They are examples, labelled as such on the page;
 * the files live in public/showcase/.
 */
export const SHOWCASE_VIDEOS = [
  {
    src: '/showcase/video-market-pulse.mp4',
    poster: '/showcase/video-market-pulse.jpg',
    title: 'Weekly market pulse, animated',
  },
  {
    src: '/showcase/video-launch-day.mp4',
    poster: '/showcase/video-launch-day.jpg',
    title: 'Quote card to launch checklist',
  },
] as const;

export const SHOWCASE_GRAPHICS = [
  {
    src: '/showcase/graphic-quote.svg',
    alt: 'Quote card: “AI won’t replace marketers. Marketers who use AI will replace those who don’t.”',
  },
  { src: '/showcase/graphic-pulse.svg', alt: 'Chart card titled “Weekly market pulse: sentiment turned risk-on”' },
  { src: '/showcase/graphic-checklist.svg', alt: 'Launch-day checklist card with four ticked items' },
] as const;

export const SHOWCASE_MEMES = [
  {
    src: '/showcase/meme-manual-vs-agent.svg',
    alt: 'Two-panel meme: refusing to write posts by hand at 2 am, approving an agent posting at peak hours',
  },
  { src: '/showcase/meme-expectation.svg', alt: 'Expectation versus reality meme: “I’ll just post once a day”' },
  { src: '/showcase/meme-inbox.svg', alt: 'Meme: when the agent answers 50 replies before your coffee' },
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
