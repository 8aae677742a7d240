import { OAuthCallbackScreen } from '../../features/connections/components/oauth-callback-screen.tsx';

/** /auth/{platform}/callback: public (spec §6); the exchange itself needs the session cookie. */
const OAuthCallbackRoute = () => <OAuthCallbackScreen />;
export default OAuthCallbackRoute;
