import { toast } from '../../lib/toast';

/** docs/product/errors.md#toasts: sign-in, registration and logout toasts, word for word. */
export const AUTH_TOAST_TEXT = {
  loginSucceeded: { title: 'Login successful', message: (name: string) => `Welcome back, ${name}!` },
  loginFailed: { title: 'Login failed' },
  registrationSucceeded: { title: 'Registration successful', message: (name: string) => `Welcome, ${name}!` },
  registrationFailed: { title: 'Registration failed' },
  loggedOut: { title: 'Logged out successfully' },
  loggedOutOffline: {
    title: 'Logged out (offline)',
    message: 'You have been logged out locally. Please check your connection.',
  },
  logoutFailed: { title: 'Logout failed' },
} as const;

export const authToasts = {
  loginSucceeded(name: string) {
    const text = AUTH_TOAST_TEXT.loginSucceeded;
    toast({ title: text.title, description: text.message(name), variant: 'success' });
  },
  loginFailed(message: string) {
    toast({ title: AUTH_TOAST_TEXT.loginFailed.title, description: message, variant: 'destructive' });
  },
  registrationSucceeded(name: string) {
    const text = AUTH_TOAST_TEXT.registrationSucceeded;
    toast({ title: text.title, description: text.message(name), variant: 'success' });
  },
  registrationFailed(message: string) {
    toast({ title: AUTH_TOAST_TEXT.registrationFailed.title, description: message, variant: 'destructive' });
  },
  loggedOut() {
    toast({ title: AUTH_TOAST_TEXT.loggedOut.title, variant: 'success' });
  },
  loggedOutOffline() {
    const text = AUTH_TOAST_TEXT.loggedOutOffline;
    toast({ title: text.title, description: text.message, variant: 'destructive' });
  },
  logoutFailed(message: string) {
    toast({ title: AUTH_TOAST_TEXT.logoutFailed.title, description: message, variant: 'destructive' });
  },
};
