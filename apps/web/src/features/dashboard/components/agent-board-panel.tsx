/** The AgentBoard tab. With no agents yet, it says so honestly; agent management arrives with the agents feature. */
export const AgentBoardPanel = () => (
  <section aria-labelledby="agent-board-title">
    <h2 id="agent-board-title" className="text-2xl font-bold text-white">
      My AI Agents
    </h2>
    <div className="mt-8 rounded-2xl border border-dashed border-ink-600 px-6 py-16 text-center">
      <p className="text-lg font-semibold text-slate-200">No agents created yet</p>
    </div>
  </section>
);
