import { useSession } from '../../api/session.ts';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';
import { ClientLinksSection } from '../../features/workspaces/components/client-links-section.tsx';
import { MembersSection } from '../../features/workspaces/components/members-section.tsx';

/** /settings (signed in, not gated: someone whose membership ended can still stop the e-mails). */
const SettingsRoute = () => {
  const { data: session } = useSession();
  return (
    <SettingsPage
      email={session?.user.email}
      membersSection={
        <>
          <MembersSection />
          <ClientLinksSection />
        </>
      }
    />
  );
};
export default SettingsRoute;
