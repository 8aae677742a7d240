import { useState, type FormEvent } from 'react';
import { can, WORKSPACE_ROLE_NAMES, WORKSPACE_ROLES, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { INVITATION_LIFETIME_DAYS, WORKSPACE_MEMBER_MESSAGES } from '@agentcast/contracts/workspaces';
import { activeWorkspace } from '../../../api/active-workspace.ts';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import {
  useChangeRole,
  useInvite,
  useMembers,
  useRemoveMember,
  useWithdrawInvitation,
  useWorkspaces,
} from '../api/workspaces-query.ts';

const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Everything, billing and members included.',
  admin: 'Everything but billing and ownership.',
  editor: 'Agents, drafts and posts; approves nothing.',
  reviewer: 'Sees everything; approves or rejects drafts.',
};

const fieldError = (error: Error | null, field: string) =>
  error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;

const InviteForm = ({ mayInviteOwners }: { mayInviteOwners: boolean }) => {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = email;
    invite.mutate(
      { email: sent, role },
      {
        onSuccess: () => {
          setSentTo(sent);
          // An address typed while this one was sent stays.
          setEmail((current) => (current === sent ? '' : current));
        },
      },
    );
  };
  const generalError = invite.error && !fieldError(invite.error, 'email') ? invite.error.message : null;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <TextField
          label="E-mail address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError(invite.error, 'email')}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as WorkspaceRole)}
          hint={ROLE_HINTS[role]}
        >
          {WORKSPACE_ROLES.filter((each) => each !== 'owner' || mayInviteOwners).map((each) => (
            <option key={each} value={each}>
              {WORKSPACE_ROLE_NAMES[each]}
            </option>
          ))}
        </SelectField>
      </div>
      <button type="submit" disabled={invite.isPending} className={buttonClasses('primary')}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </button>
      {sentTo && !invite.error && <Notice tone="success">{WORKSPACE_MEMBER_MESSAGES.invited(sentTo)}</Notice>}
      {generalError && <Notice tone="error">{generalError}</Notice>}
    </form>
  );
};

/**
 * Settings → Members (issue 36 §2): who belongs to the workspace the tab acts in, as what, and the invitations
 * waiting. Owners and admins invite by e-mail (the link works for 7 days), change roles and remove members; owners
 * alone make owners.
 */
export const MembersSection = () => {
  const workspaces = useWorkspaces();
  const members = useMembers();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const current = workspaces.data?.workspaces.find(
    (workspace) => workspace.id === (activeWorkspace() ?? workspaces.data?.workspaces[0]?.id),
  );
  const role = current?.role;
  const manages = role !== undefined && can(role, 'members.write');
  const actionError = changeRole.error ?? remove.error ?? withdraw.error;
  // The workspace's founder (whose id it has) stays its owner: their row offers no change.
  const changeable = (member: { user_id: string; role: WorkspaceRole }) =>
    manages && member.user_id !== current?.id && (role === 'owner' || member.role !== 'owner');
  return (
    <section aria-labelledby="members-title" className="space-y-4 rounded-xl border border-ink-700 p-5">
      <div>
        {/* A workspace is named after its owner, whose name may be an e-mail's one long word. */}
        <h2 id="members-title" className="text-xl font-semibold [overflow-wrap:anywhere] text-white">
          Members{current ? ` of ${current.name}` : ''}
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          {manages
            ? `Invite people by e-mail: the link works for ${INVITATION_LIFETIME_DAYS} days, and they sign up or sign in to accept it.`
            : 'Who works in this workspace. Owners and admins invite and manage members.'}
        </p>
      </div>
      {manages && <InviteForm mayInviteOwners={role === 'owner'} />}
      {members.isPending && <p className="text-slate-400">Loading the members...</p>}
      {members.isError && <Notice tone="error">{`Failed to load the members: ${members.error.message}`}</Notice>}
      {actionError && <Notice tone="error">{actionError.message}</Notice>}
      {members.data && (
        <ul aria-label="Members" className="divide-y divide-ink-700">
          {members.data.members.map((member) => (
            <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="[overflow-wrap:anywhere] text-slate-100">{member.email}</p>
                <p className="text-xs text-slate-400">Joined {dateAndTime(member.joined_at)}</p>
              </div>
              <div className="flex items-center gap-3 text-sm text-slate-300">
                {changeable(member) ? (
                  <select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    onChange={(event) =>
                      changeRole.mutate({ userId: member.user_id, role: event.target.value as WorkspaceRole })
                    }
                    className="rounded-lg border border-ink-600 bg-ink-800 px-2 py-1.5 text-slate-100"
                  >
                    {WORKSPACE_ROLES.filter((each) => each !== 'owner' || role === 'owner').map((each) => (
                      <option key={each} value={each}>
                        {WORKSPACE_ROLE_NAMES[each]}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span>{WORKSPACE_ROLE_NAMES[member.role]}</span>
                )}
                {changeable(member) && (
                  <ConfirmAction
                    label="Remove"
                    question={`Remove ${member.email} from the workspace?`}
                    confirmLabel="Remove"
                    pendingLabel="Removing..."
                    isPending={remove.isPending}
                    onConfirm={() => remove.mutate(member.user_id)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {members.data && members.data.invitations.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-200">Invitations waiting</h3>
          <ul aria-label="Invitations" className="divide-y divide-ink-700">
            {members.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <span className="min-w-0 [overflow-wrap:anywhere] text-slate-200">
                  {invitation.email} · {WORKSPACE_ROLE_NAMES[invitation.role]} · until{' '}
                  {dateAndTime(invitation.expires_at)}
                </span>
                {manages && (
                  <ConfirmAction
                    label="Withdraw"
                    question={`Withdraw the invitation to ${invitation.email}?`}
                    confirmLabel="Withdraw"
                    pendingLabel="Withdrawing..."
                    isPending={withdraw.isPending}
                    onConfirm={() => withdraw.mutate(invitation.id)}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
};
