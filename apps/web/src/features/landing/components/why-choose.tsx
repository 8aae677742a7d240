/** 24×24 stroke icons (drawn here rather than emoji, which not every system can render). */
const ICON_PATHS = {
  clock: 'M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  voice: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3ZM5 11a7 7 0 0 0 14 0M12 18v3',
  formats: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M9 9.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z',
  lock: 'M6 11h12v10H6zM8 11V8a4 4 0 0 1 8 0v3',
} as const;

const BENEFITS = [
  {
    icon: 'clock',
    title: 'Always on',
    text: 'Agents post on your schedule — every hour or every three — and answer replies while you sleep.',
  },
  {
    icon: 'voice',
    title: 'Your voice, not a template',
    text: 'Train each agent with sample posts, Q&A pairs, PDFs and your own context so it sounds like you.',
  },
  {
    icon: 'formats',
    title: 'Every format',
    text: 'Tweets, LinkedIn posts, memes, branded graphics and short videos from one instruction.',
  },
  {
    icon: 'lock',
    title: 'Members only, keys stay yours',
    text: 'Access is tied to a membership NFT on Base. Platform tokens are encrypted and never leave the server.',
  },
] as const;

export const WhyChoose = () => (
  <section aria-labelledby="why-choose-title" className="border-y border-ink-700/60 bg-ink-950/60">
    <div className="mx-auto max-w-6xl px-5 py-20">
      <h2 id="why-choose-title" className="text-3xl font-bold text-white sm:text-4xl">
        Why choose Agentcast
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border border-ink-700 bg-ink-800/70 p-6">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-8 fill-none stroke-brand-400 stroke-[1.6]"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={ICON_PATHS[benefit.icon]} />
            </svg>
            <h3 className="mt-4 font-semibold text-white">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
