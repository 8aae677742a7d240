import type { PlatformConnection } from '@agentcast/contracts/connections';

/** The connected account's name, and its handle when that says something more. */
export const ConnectionAccount = ({ connection }: { connection: PlatformConnection }) => (
  <span className="break-words text-slate-200">
    {connection.display_name}
    {connection.handle && ![connection.handle, `@${connection.handle}`].includes(connection.display_name) && (
      <span className="text-slate-400"> · {connection.handle}</span>
    )}
  </span>
);
