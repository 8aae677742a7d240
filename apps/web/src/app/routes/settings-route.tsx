import { useSession } from '../../api/session.ts';
import { can } from '@agentcast/contracts/workspace-roles';
import { BillingControls } from '../../features/billing/components/billing-controls.tsx';
import { AuditLogSection } from '../../features/audit/components/audit-log-section.tsx';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';
import { PlanSection } from '../../features/usage/components/plan-section.tsx';
import { ClientLinksSection } from '../../features/workspaces/components/client-links-section.tsx';
import { MembersSection } from '../../features/workspaces/components/members-section.tsx';
import { useCurrentRole, useMembers } from '../../features/workspaces/api/workspaces-query.ts';

/** /settings (signed in, not gated: someone whose membership ended can still stop the e-mails). */
const SettingsRoute = () => {
  const { data: session } = useSession();
  const members = useMembers();
  const role = useCurrentRole();
  return (
    <SettingsPage
      email={session?.user.email}
      membersSection={
        <>
          <PlanSection>
            <BillingControls mayPay={role !== undefined && can(role, 'billing')} />
          </PlanSection>
          <MembersSection />
          <ClientLinksSection />
          <AuditLogSection
            members={(members.data?.members ?? []).map((member) => ({ id: member.user_id, name: member.name }))}
          />
        </>
      }
    />
  );
};
export default SettingsRoute;
