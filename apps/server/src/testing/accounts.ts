import { setAccountPlan } from '@agentcast/core/domains/plans/set-account-plan';
import { respreadAccountSchedules } from '@agentcast/core/domains/schedules/respread-account-schedules';
import { findLink } from '@agentcast/test-fakes/smtp-sink';
import { createHttpClient, type HttpClient } from './http-client.ts';
import type { TestServer } from './start-test-server.ts';

let nextAddress = 1;
let nextEmail = 1;

/** A unique e-mail per call, so tests sharing a server never collide. */
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${nextEmail++}@example.com`;

/**
 * A browser of its own: its own cookie jar and its own client address (sent as X-Forwarded-For, which the test
 * server trusts one hop deep), as distinct people would have.
 */
export const newBrowser = (server: TestServer, address = `203.0.113.${nextAddress++ % 250}`): HttpClient =>
  createHttpClient(server.url, { headers: { 'x-forwarded-for': address } });

/** Signs up and follows the link from the verification mail, which signs in: a browser holding a session. */
export const signUpVerifiedUser = async (
  server: TestServer,
  email = uniqueEmail(),
  password = 'correct horse battery',
) => {
  const browser = newBrowser(server);
  const signUp = await browser.post('/api/auth/sign-up/email', { email, password });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = findLink(await server.mail.waitForMail(email));
  const verification = await browser.get(link);
  // Says what the server answered, with the link followed. A 401 here was once the sink's doing: it cut the mail at
  // any line starting with "--", which a wrapped token can (smtp-sink.ts, core's mailer.test.ts).
  if (verification.status !== 302)
    throw new Error(`verification failed: ${verification.status} ${await verification.text()} (${link})`);
  if (browser.cookies.size === 0) throw new Error(`the verification link did not sign in (${link})`);
  return { browser, email, password };
};

/** Puts an account on a plan, as the operator command does (most tests need more than Starter's 2 posts a day). */
export const putOnPlan = async (server: TestServer, email: string, plan: 'starter' | 'pro' | 'enterprise') => {
  const { workspaceId } = await setAccountPlan(server.database.db, { email, plan });
  await respreadAccountSchedules(server.database.db, {
    workspaceId,
    defaultPlan: server.services.domains.agents.defaultPlan,
  });
};
