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
  if (list.length < 2) return null;
  const own = list[0]?.id;
  const current = activeWorkspace() ?? own;
  return (
    <label className="flex items-center gap-2 px-4 py-2 text-sm text-slate-300 md:p-0">
      <span>Workspace</span>
      <select
        value={current}
        onChange={(event) => {
          const chosen = event.target.value;
          chooseWorkspace(chosen === own ? null : chosen);
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
