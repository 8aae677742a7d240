/**
 * Every user-facing text that the product specification fixes word for word.
 * The web app renders these and the tests import them, so a spec text lives in exactly one place.
 */
export const AUTH_MESSAGES = {
  signedIn: 'Successfully logged in!',
  signUpCheckEmail: 'Check your email for verification link!',
  processing: 'Processing...',
} as const;
