import { expect, type Page } from '@playwright/test';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { waitForAppStarted } from './app-started.ts';

type CapturedMail = { to: string[]; subject: string; text: string };

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;

/** The link in the newest mail to this address (with this subject, when given), as captured by the SMTP sink. */
export const mailedLinkFor = async (email: string, subject?: string) => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${process.env.E2E_MAIL_URL}/messages`)).json()) as CapturedMail[];
      link = mails
        .filter((mail) => mail.to.includes(email) && (subject === undefined || mail.subject === subject))
        .at(-1)
        ?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
};

/** The verification link from the newest mail to this address. */
export const verificationLinkFor = (email: string) => mailedLinkFor(email);

/**
 * Each person signing up gets an address of their own (the servers trust one proxy hop): the sign-up throttle
 * allows 20 accounts an hour per address, and the suite makes more than that, all from this machine.
 */
const ownAddress = () => `198.51.100.${1 + ((process.pid * 7 + counter) % 250)}`;

/** From now on this page's requests to the app at `app` (and only to it) come from `address`. */
const presentAddress = async (page: Page, address: string, app = new URL(page.url()).origin) => {
  await page.route(
    (url) => url.origin === app,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
};

/** Signs up through the login screen, as a person would. */
export const signUpInBrowser = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await presentAddress(page, ownAddress());
  await waitForAppStarted(page);
  // The route's own code may still be on its way after React took over; a click before then is not replayed.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  }).toPass();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // The answer waits for the password hash and the verification mail, which a loaded CI machine has made take > 5 s.
  await expect(page.getByText(`Check your email for verification link! We sent it to ${email}.`)).toBeVisible({
    timeout: 15_000,
  });
};

export const signInInBrowser = async (page: Page, email: string, password: string) => {
  await waitForAppStarted(page);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
};

/**
 * A verified account signed in in this page (the verification link signs in), ready on /dashboard. It signs up with
 * the request the login screen sends, not through the screen, which the sign-up tests drive (accounts.spec.ts): a
 * second less for each of the 150 tests that start so.
 */
export const signedInUser = async (page: Page, label = 'user') => {
  const email = uniqueEmail(label);
  const password = 'a long enough password';
  const address = ownAddress();
  // The app's origin (this test's baseURL), which a change must come from.
  const app = new URL((await page.request.get('/api/health')).url()).origin;
  const answer = await page.request.post(authRoutes.signUp.path, {
    data: { email, password },
    headers: { origin: app, 'x-forwarded-for': address },
  });
  expect(answer.ok(), `sign-up answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  await presentAddress(page, address, app);
  await page.goto(await verificationLinkFor(email));
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
};
