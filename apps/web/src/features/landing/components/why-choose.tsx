const BENEFITS = [
  {
    icon: '⏱',
    title: 'Always on',
    text: 'Agents post on your schedule — every hour or every three — and answer replies while you sleep.',
  },
  {
    icon: '🎙',
    title: 'Your voice, not a template',
    text: 'Train each agent with sample posts, Q&A pairs, PDFs and your own context so it sounds like you.',
  },
  {
    icon: '🖼',
    title: 'Every format',
    text: 'Tweets, LinkedIn posts, memes, branded graphics and short videos from one instruction.',
  },
  {
    icon: '🔐',
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
            <span aria-hidden="true" className="text-3xl">
              {benefit.icon}
            </span>
            <h3 className="mt-4 font-semibold text-white">{benefit.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
