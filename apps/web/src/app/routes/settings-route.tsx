import { useSession } from '../../api/session.ts';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';

/** /settings (signed in, not gated: someone whose membership ended can still stop the e-mails). */
const SettingsRoute = () => {
  const { data: session } = useSession();
  return <SettingsPage email={session?.user.email} />;
};
export default SettingsRoute;
