import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_VALIDATION_MESSAGES, VERIFICATION_MESSAGES } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('has Login and Sign Up tabs, a back-to-home link, and required e-mail (type email) and password fields', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('shows the field messages without calling the server when the form is incomplete', async () => {
    const { fetchStub, calls } = scriptedFetch();
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));

    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(AUTH_VALIDATION_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(AUTH_VALIDATION_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('reads "Processing..." while signing up, then says where the link went, with Resend', async () => {
    const { fetchStub, calls } = scriptedFetch(
      { status: 200, body: { message: AUTH_MESSAGES.signUpCheckEmail }, delayMs: 50 },
      { status: 200, body: { message: VERIFICATION_MESSAGES.resent('new@example.com') } },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');

    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByRole('button', { name: AUTH_MESSAGES.processing })).toBeDisabled();
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent(
      `${AUTH_MESSAGES.signUpCheckEmail} ${VERIFICATION_MESSAGES.sentTo('new@example.com')} Resend`,
    );
    await userEvent.click(within(sent).getByRole('button', { name: 'Resend' }));
    expect(await within(sent).findByText(VERIFICATION_MESSAGES.resent('new@example.com'))).toBeInTheDocument();
    expect(calls).toEqual([
      { url: '/api/auth/sign-up/email', body: { email: 'new@example.com', password: 'long enough' } },
      { url: '/api/auth/resend-verification', body: { email: 'new@example.com' } },
    ]);
  });

  it('opens on the Sign Up tab when the landing page sends a new visitor (/login?tab=signup)', async () => {
    renderWithProviders(<LoginPage />, { route: '/login?tab=signup' });
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  it('shows the server’s message beside the field it names', async () => {
    const { fetchStub } = scriptedFetch({
      status: 409,
      body: {
        code: 'CONFLICT',
        message: AUTH_VALIDATION_MESSAGES.emailTaken,
        fieldErrors: { email: [AUTH_VALIDATION_MESSAGES.emailTaken] },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');

    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_VALIDATION_MESSAGES.emailTaken);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_VALIDATION_MESSAGES.emailTaken);
  });

  it('shows the backend’s error for a failed sign-in as it comes', async () => {
    const { fetchStub } = scriptedFetch({
      status: 401,
      body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('confirms a verified e-mail when the verification link lands here', () => {
    renderWithProviders(<LoginPage />, { route: '/login?verified=1' });
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_VALIDATION_MESSAGES.emailVerified);
  });
});
