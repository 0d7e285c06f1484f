import { api } from '../../api/client';

/** The open workspace's folder, asked once per page load: the split is remembered per workspace. */
let workspaceDir: Promise<string> | undefined;
export function loadWorkspaceDir(): Promise<string> {
  workspaceDir ??= api.call('workspace.info', {}).then((r) => (r.ok ? r.value.dir : ''));
  return workspaceDir;
}
