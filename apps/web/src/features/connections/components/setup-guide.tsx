/** What 'Launch AI Agent' does, said beside it and in the guide's third step. */
export const LAUNCH_HELP =
  'Opens the Create Agent form on your dashboard with your connected platforms chosen as where the agent posts.';

/** Spec §2: the agent builder's three-step setup guide: connect, grant permissions, launch. */
const STEPS = [
  {
    title: 'Connect your platforms',
    text: 'Link the accounts your agent will post to. A window opens at each platform to sign you in.',
  },
  {
    title: 'Grant permissions',
    text: 'Approve what the agent may do there. Agentcast keeps the access encrypted on its server; disconnect any time.',
  },
  {
    title: 'Launch your agent',
    text: `Press Launch AI Agent. It ${LAUNCH_HELP.charAt(0).toLowerCase()}${LAUNCH_HELP.slice(1)} Fill in the rest and create the agent.`,
  },
];

export const SetupGuide = () => (
  <section aria-labelledby="setup-guide-title" className="rounded-2xl border border-ink-700 p-6">
    <h2 id="setup-guide-title" className="text-lg font-semibold text-white">
      How it works
    </h2>
    <ol className="mt-4 grid gap-4 sm:grid-cols-3">
      {STEPS.map((step, index) => (
        <li key={step.title} className="rounded-xl bg-ink-800/60 p-4">
          <span
            className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-3 font-semibold text-slate-100">{step.title}</h3>
          <p className="mt-1 text-sm text-slate-400">{step.text}</p>
        </li>
      ))}
    </ol>
  </section>
);
