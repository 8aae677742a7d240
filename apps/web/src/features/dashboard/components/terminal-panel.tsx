/** The Terminal tab: what the agents produced (spec §2 empty states). */
export const TerminalPanel = ({ hasAgents }: { hasAgents: boolean }) => (
  <section aria-labelledby="terminal-title">
    <h2 id="terminal-title" className="text-2xl font-bold text-white">
      Terminal
    </h2>
    <div className="mt-8 rounded-2xl border border-ink-700 bg-ink-950 px-6 py-16 text-center font-mono text-sm text-slate-400">
      {hasAgents ? 'No terminal messages yet' : 'No agents found for your account. Create an agent to see messages.'}
    </div>
  </section>
);
