import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
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

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
);

/** Spec §2: the routes of the app. Any other path goes to the landing page. */
export const AppRoutes = () => (
  <>
    <ScrollToTop />
    <Routes>
      <Route
        path={PATHS.home}
        element={
          <Loading>
            <LandingPage />
          </Loading>
        }
      />
      {LEGAL_PAGES.map((page) => (
        <Route
          key={page.path}
          path={page.path}
          element={
            <Loading>
              <LegalRoute />
            </Loading>
          }
        />
      ))}
      <Route
        path={PATHS.oauthCallback}
        element={
          <Loading>
            <OAuthCallbackRoute />
          </Loading>
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
            <Loading>
              <LoginRoute />
            </Loading>
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
              <Loading>
                <DashboardRoute />
              </Loading>
            }
          />
          <Route
            path={PATHS.agentBuilder}
            element={
              <Loading>
                <AgentBuilderRoute />
              </Loading>
            }
          />
          <Route
            path={PATHS.settings}
            element={
              <Loading>
                <SettingsRoute />
              </Loading>
            }
          />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={PATHS.home} replace />} />
    </Routes>
  </>
);
