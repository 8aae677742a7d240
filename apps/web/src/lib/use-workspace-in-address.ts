import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { activeWorkspace, WORKSPACE_PARAM } from '../api/active-workspace.ts';

/**
 * The address bar names the workspace the tab shows (issue 36 §1), whatever page or tab of it is open: the app's own
 * navigation does not carry the parameter, so it is put back after each one. The person's own workspace is named by
 * nothing. Two tabs show two workspaces, and a copied address opens the one it was copied from.
 */
export const useWorkspaceInAddress = () => {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = activeWorkspace();
    const params = new URLSearchParams(location.search);
    if ((params.get(WORKSPACE_PARAM) ?? null) === id) return;
    if (id) params.set(WORKSPACE_PARAM, id);
    else params.delete(WORKSPACE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate]);
};
