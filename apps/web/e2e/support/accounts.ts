import { expect, type Page } from '@playwright/test';

type CapturedMail = { to: string[]; subject: string; text: string };

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;

/** The verification link from the newest mail to this address, as captured by the SMTP sink. */
export const verificationLinkFor = async (email: string) => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await fetch(`${process.env.E2E_MAIL_URL}/messages`)).json()) as CapturedMail[];
      link = mails.filter((mail) => mail.to.includes(email)).at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
};

/** Signs up through the login screen, as a person would. */
export const signUpInBrowser = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Check your email for verification link!')).toBeVisible();
};

export const signInInBrowser = async (page: Page, email: string, password: string) => {
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
};

/** A verified account signed in in this page, ready on /dashboard. */
export const signedInUser = async (page: Page, label = 'user') => {
  const email = uniqueEmail(label);
  const password = 'a long enough password';
  await signUpInBrowser(page, email, password);
  await page.goto(await verificationLinkFor(email));
  await signInInBrowser(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
};
