/** The scenes of the landing page's product tour ("Watch Demo"). */
export const DEMO_SCENES = [
  {
    title: '1. Describe your agent',
    caption: 'Give it a name, a voice and topics. Add sample posts and PDFs so it writes like you.',
    lines: [
      'name: Market Pulse',
      'voice: calm, data-first, no hype',
      'topics: macro, earnings, AI stocks',
      'post every: 120 minutes',
    ],
  },
  {
    title: '2. It writes',
    caption: 'On schedule, or when you press Trigger, the agent drafts a post from its training and today’s data.',
    lines: [
      '> generating post for X…',
      'Earnings week, day 3: guidance matters more than beats.',
      'Watch the capex lines — that is where the AI story',
      'shows up first. #markets #AI',
    ],
  },
  {
    title: '3. It posts — and you see everything',
    caption: 'Posts, memes, graphics and short videos go out to your linked accounts. The terminal shows each one.',
    lines: ['✓ posted to X', '✓ posted to LinkedIn', '✓ graphic attached (1200×675)', 'next post in 120 min'],
  },
] as const;
