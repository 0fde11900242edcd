import type { Page } from 'playwright-core';

export interface TestAccount {
  name: string;
  email: string;
  username: string;
  companyName: string;
  password: string;
}

/** A fresh account per call: tests share one database and must not collide. */
export function uniqueAccount(label: string): TestAccount {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `E2E ${label} ${suffix}`,
    email: `e2e-${label}-${suffix}@example.com`,
    username: `e2e_${label}_${suffix}`,
    companyName: `E2E ${label} Company ${suffix}`,
    password: `sovereign clusters ${suffix}`,
  };
}

export async function register(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/auth?tab=register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Work email').fill(account.email);
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Company name').fill(account.companyName);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email or username').fill(identifier);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export function verificationPrompt(page: Page) {
  return page.getByRole('dialog').filter({ hasText: 'Verify your email address' });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout-button').click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('sign-in-link').waitFor();
}

export function sessionItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.sessionStorage.getItem(name), key);
}
