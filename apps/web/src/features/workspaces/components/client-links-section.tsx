import { useState, type FormEvent } from 'react';
import { CLIENT_LINK_LIFETIME_DAYS } from '@agentcast/contracts/client-links';
import { can } from '@agentcast/contracts/workspace-roles';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useClientLinks, useCreateClientLink, useRevokeClientLink } from '../api/client-links-query.ts';
import { useCurrentRole } from '../api/workspaces-query.ts';

/** The link just made: its URL is shown this once, to copy and send to the client. */
const NewLink = ({ clientName, url }: { clientName: string; url: string }) => (
  <Notice tone="success">
    <span className="block">
      The link for {clientName}, shown only now: copy it and send it to them. It works for {CLIENT_LINK_LIFETIME_DAYS}{' '}
      days.
    </span>
    <input
      aria-label={`Approval link for ${clientName}`}
      readOnly
      value={url}
      onFocus={(event) => event.target.select()}
      className="mt-2 w-full rounded-md border border-ink-700 bg-ink-950 px-2 py-1 font-mono text-xs text-slate-200"
    />
  </Notice>
);

/**
 * Settings → Client approval (issue 36 §4), for Owners and Admins: a link per client whose page, open without
 * signing in, lists the drafts of agents asking "Team, then client" once the team approved them.
 */
export const ClientLinksSection = () => {
  const role = useCurrentRole();
  const manages = role !== undefined && can(role, 'members.write');
  const links = useClientLinks(manages);
  const create = useCreateClientLink();
  const revoke = useRevokeClientLink();
  const [clientName, setClientName] = useState('');
  if (!manages) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(clientName, { onSuccess: () => setClientName('') });
  };
  const nameError = create.error instanceof ApiError ? create.error.fieldErrors.client_name?.[0] : undefined;
  return (
    <section aria-labelledby="client-links-title" className="space-y-4 rounded-xl border border-ink-700 p-5">
      <div>
        <h2 id="client-links-title" className="text-xl font-semibold text-white">
          Client approval
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          For agents whose posts the team, then the client approve: the client opens their link without an account and
          approves each post or asks for changes. One link per client; making a new one replaces theirs.
        </p>
      </div>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField
          label="Client name"
          value={clientName}
          onChange={(event) => setClientName(event.target.value)}
          error={nameError}
        />
        <button type="submit" disabled={create.isPending} className={buttonClasses('primary')}>
          {create.isPending ? 'Making the link...' : 'Make a link'}
        </button>
      </form>
      {create.data && <NewLink clientName={create.data.link.client_name} url={create.data.url} />}
      {create.error && !nameError && <Notice tone="error">{create.error.message}</Notice>}
      {links.isError && <Notice tone="error">{`Failed to load the links: ${links.error.message}`}</Notice>}
      {revoke.error && <Notice tone="error">{revoke.error.message}</Notice>}
      {links.data && links.data.links.length > 0 && (
        <ul aria-label="Client links" className="divide-y divide-ink-800 text-sm">
          {links.data.links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 [overflow-wrap:anywhere] text-slate-200">
                {link.client_name}
                <span className="block text-xs text-slate-400">
                  Works until {dateAndTime(link.expires_at)}
                  {link.created_by ? `, made by ${link.created_by}` : ''}
                </span>
              </span>
              <span className="text-xs text-slate-300">
                <ConfirmAction
                  label={`Revoke ${link.client_name}'s link`}
                  question="Their page stops working at once."
                  confirmLabel="Revoke"
                  pendingLabel="Revoking..."
                  isPending={revoke.isPending}
                  onConfirm={() => revoke.mutate(link.id)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
