import { useEffect } from 'react';
import { PATHS } from '@agentcast/contracts/paths';
import { activeWorkspace, chooseWorkspace } from '../../../api/active-workspace.ts';
import { useWorkspaces } from '../api/workspaces-query.ts';

/**
 * The dashboard header's workspace switcher, shown once the person belongs to more than one workspace. Choosing one
 * opens the dashboard anew in it (this tab only: another tab keeps its own), so nothing of the other stays on screen.
 */
export const WorkspaceSwitcher = () => {
  const workspaces = useWorkspaces();
  const list = workspaces.data?.workspaces ?? [];
  const chosen = activeWorkspace();
  const isGone = workspaces.data !== undefined && chosen !== null && !list.some((each) => each.id === chosen);
  // Removed from the workspace this tab showed (or it was deleted): back to the person's own.
  useEffect(() => {
    if (!isGone) return;
    chooseWorkspace(null);
    window.location.assign(PATHS.dashboard);
  }, [isGone]);
  if (list.length < 2) return null;
  const own = list[0]?.id;
  const current = chosen ?? own;
  return (
    <label className="flex items-center gap-2 px-4 py-2 text-sm text-slate-300 md:p-0">
      <span>Workspace</span>
      <select
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          chooseWorkspace(next === own ? null : next);
          window.location.assign(PATHS.dashboard);
        }}
        className="max-w-56 truncate rounded-lg border border-ink-600 bg-ink-800 px-2 py-1.5 text-slate-100"
      >
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name}
          </option>
        ))}
      </select>
    </label>
  );
};
