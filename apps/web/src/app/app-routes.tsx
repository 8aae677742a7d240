import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { AppStartedMark } from '../lib/mark-app-started.ts';
import { ROUTE_MODULES } from './route-modules.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

const { Page: LandingPage } = ROUTE_MODULES.landing;
const { Page: LegalRoute } = ROUTE_MODULES.legal;
const { Page: SessionLayout } = ROUTE_MODULES.session;
const { Page: LoginRoute } = ROUTE_MODULES.login;
const { Page: SignedInLayout } = ROUTE_MODULES.signedIn;
const { Page: DashboardRoute } = ROUTE_MODULES.dashboard;
const { Page: AgentBuilderRoute } = ROUTE_MODULES.agentBuilder;
const { Page: OAuthCallbackRoute } = ROUTE_MODULES.oauthCallback;
const { Page: SettingsRoute } = ROUTE_MODULES.settings;
const { Page: InvitationRoute } = ROUTE_MODULES.invitation;
const { Page: ClientApprovalRoute } = ROUTE_MODULES.clientApproval;

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
);

/**
 * A page's own boundary. The started mark sits inside it, so it is set only once the page itself has rendered: a
 * prerendered page's route code may still be on its way after React has committed the layouts around it, and a
 * click on its markup then (Login) would submit the form natively.
 */
const LoadingPage = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<FullScreenLoader />}>
    {children}
    <AppStartedMark />
  </Suspense>
);

/** Spec §2: the routes of the app. Any other path goes to the landing page. */
export const AppRoutes = () => (
  <>
    <ScrollToTop />
    <Routes>
      <Route
        path={PATHS.home}
        element={
          <LoadingPage>
            <LandingPage />
          </LoadingPage>
        }
      />
      {LEGAL_PAGES.map((page) => (
        <Route
          key={page.path}
          path={page.path}
          element={
            <LoadingPage>
              <LegalRoute />
            </LoadingPage>
          }
        />
      ))}
      <Route
        path={PATHS.oauthCallback}
        element={
          <LoadingPage>
            <OAuthCallbackRoute />
          </LoadingPage>
        }
      />
      <Route
        element={
          <Loading>
            <SessionLayout />
          </Loading>
        }
      >
        <Route
          path={PATHS.login}
          element={
            <LoadingPage>
              <LoginRoute />
            </LoadingPage>
          }
        />
        <Route
          path={PATHS.invitation}
          element={
            <LoadingPage>
              <InvitationRoute />
            </LoadingPage>
          }
        />
        <Route
          path={PATHS.clientApproval}
          element={
            <LoadingPage>
              <ClientApprovalRoute />
            </LoadingPage>
          }
        />
        <Route
          element={
            <Loading>
              <SignedInLayout />
            </Loading>
          }
        >
          <Route
            path={PATHS.dashboard}
            element={
              <LoadingPage>
                <DashboardRoute />
              </LoadingPage>
            }
          />
          <Route
            path={PATHS.agentBuilder}
            element={
              <LoadingPage>
                <AgentBuilderRoute />
              </LoadingPage>
            }
          />
          <Route
            path={PATHS.settings}
            element={
              <LoadingPage>
                <SettingsRoute />
              </LoadingPage>
            }
          />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={PATHS.home} replace />} />
    </Routes>
  </>
);
