import { notifications } from '@mantine/notifications';

/** SPEC.md section 8: sign-in, registration and logout toasts, word for word. */
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

const SUCCESS = 'green';
const DESTRUCTIVE = 'red';

export const authToasts = {
  loginSucceeded(name: string) {
    const text = AUTH_TOAST_TEXT.loginSucceeded;
    notifications.show({ title: text.title, message: text.message(name), color: SUCCESS });
  },
  loginFailed(message: string) {
    notifications.show({ title: AUTH_TOAST_TEXT.loginFailed.title, message, color: DESTRUCTIVE });
  },
  registrationSucceeded(name: string) {
    const text = AUTH_TOAST_TEXT.registrationSucceeded;
    notifications.show({ title: text.title, message: text.message(name), color: SUCCESS });
  },
  registrationFailed(message: string) {
    notifications.show({ title: AUTH_TOAST_TEXT.registrationFailed.title, message, color: DESTRUCTIVE });
  },
  loggedOut() {
    notifications.show({ message: AUTH_TOAST_TEXT.loggedOut.title, color: SUCCESS });
  },
  loggedOutOffline() {
    const text = AUTH_TOAST_TEXT.loggedOutOffline;
    notifications.show({ title: text.title, message: text.message, color: DESTRUCTIVE });
  },
  logoutFailed(message: string) {
    notifications.show({ title: AUTH_TOAST_TEXT.logoutFailed.title, message, color: DESTRUCTIVE });
  },
};
