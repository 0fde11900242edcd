import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { demoAccountBeside, signInAsDemoAccountWithoutBanner } from './accounts';
import { rejectCookies, uniqueAccount, waitForMailLink } from './auth-helpers';
import { BASE_URL, it, POLL } from './fixtures';

/** Picks an option of a Mantine Select by its visible label. */
async function choose(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('support tickets', () => {
  let folder = '';
  let logFile = '';

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'km-support-e2e-'));
    logFile = join(folder, 'ingress-controller.log');
    await writeFile(logFile, '2026-11-24T10:00:00Z upstream connect error or disconnect/reset before headers\n'.repeat(20));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('a customer opens a P2 ticket about a cluster with a file; an officer takes it and replies; the reply arrives without a reload', { timeout: 180_000 }, async ({ page, pageErrors }) => {
    page.setDefaultTimeout(15_000);
    await signInAsDemoAccountWithoutBanner(page, 'alice');
    await page.goto('/support');
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    await page.getByTestId('open-ticket').click();

    const form = page.getByTestId('new-ticket-form');
    await form.waitFor();
    const subject = `Ingress returns 502 ${Date.now().toString(36)}`;
    await page.getByRole('radio', { name: /^P2 — High/ }).check();
    // The first cluster of Acme's list: the ticket is about it.
    await page.getByRole('combobox', { name: 'Cluster (optional)' }).click();
    const clusterOption = page.getByRole('option').filter({ hasNotText: 'No particular cluster' }).first();
    const clusterName = (await clusterOption.textContent())?.trim() ?? '';
    expect(clusterName).not.toBe('');
    await clusterOption.click();
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Description' }).fill('Since **10:00 UTC** the ingress answers `502` for every request.\n\n- checked the pods\n- <script>alert(1)</script> stays text');
    await form.locator('input[type="file"]').setInputFiles(logFile);
    await form.getByText('ingress-controller.log').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('submit-ticket').click();

    await page.waitForURL((url) => url.pathname.startsWith('/support/tickets/'));
    const ticketPage = page.getByTestId('ticket-page');
    await ticketPage.waitFor();
    const reference = (await page.getByTestId('ticket-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^KM-T-\d{5,8}$/);
    expect(await page.getByTestId('ticket-severity').textContent()).toBe('P2');
    expect(await page.getByTestId('ticket-cluster-badge').textContent()).toBe(`Cluster: ${clusterName}`);
    // Markdown is rendered, and the typed tag is text only.
    await ticketPage.locator('strong', { hasText: '10:00 UTC' }).waitFor();
    expect(await ticketPage.locator('script').count()).toBe(0);
    await ticketPage.getByText('<script>alert(1)</script> stays text').waitFor();
    const attachment = page.getByTestId('ticket-attachment').filter({ hasText: 'ingress-controller.log' });
    await attachment.waitFor();
    expect(await attachment.getAttribute('href')).toMatch(/^\/api\/tickets\/[^/]+\/attachments\/[^/]+$/);
    const sla = page.getByTestId('ticket-sla-panel');
    await expect.poll(() => sla.textContent(), POLL).toMatch(/First response (due in|overdue by)/);

    // The download answers the file itself, as an attachment.
    const download = await page.context().request.get(`${BASE_URL}${await attachment.getAttribute('href')}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toMatch(/^attachment/);
    expect(await download.text()).toContain('upstream connect error');

    expect(await seriousViolations(page)).toEqual([]);
    // Anything that reloads the document would drop this marker.
    await page.evaluate(() => Object.assign(window, { supportE2eMarker: 'still-here' }));

    // The officer, in a browser context of their own.
    const officer = await demoAccountBeside(page, 'olivia');
    try {
      officer.setDefaultTimeout(15_000);
      await officer.goto('/officers/incident-tickets');
      await officer.getByRole('heading', { level: 1, name: 'Incident Tickets' }).waitFor();
      const row = officer.getByTestId('queue-row').filter({ hasText: reference });
      await row.waitFor();
      expect(await row.getByText('Unassigned').count()).toBe(1);
      await row.getByRole('button', { name: subject }).click();
      const staffTicket = officer.getByTestId('staff-ticket');
      await staffTicket.waitFor();
      await staffTicket.getByTestId('ticket-attachment').filter({ hasText: 'ingress-controller.log' }).waitFor();
      expect(await seriousViolations(officer)).toEqual([]);
      await officer.getByTestId('take-ticket').click();
      await expect.poll(() => officer.getByTestId('staff-assignee').textContent(), POLL).not.toBe('Unassigned');

      const replyText = `We restarted the ingress controller of ${clusterName}; please check again.`;
      await officer.getByTestId('staff-reply-body').fill(replyText);
      await officer.getByTestId('staff-reply-submit').click();
      await staffTicket.getByTestId('ticket-message').filter({ hasText: replyText }).waitFor();

      // The customer's page shows the reply and the met first response, without a reload.
      const arrived = page.getByTestId('ticket-message').filter({ hasText: replyText });
      // Within the notification poll (10 s) and well before the page's own 30 s re-read.
      await arrived.waitFor({ timeout: 15_000 });
      expect(await arrived.getAttribute('data-from-staff')).toBe('true');
      await expect.poll(() => sla.textContent(), POLL).toContain('First response met');
      await expect.poll(() => page.getByTestId('ticket-status').textContent(), POLL).toBe('Awaiting customer');
      expect(await page.evaluate(() => (window as unknown as { supportE2eMarker?: string }).supportE2eMarker)).toBe('still-here');

      // An internal note is marked as such for staff, and the customer never sees it.
      const noteText = 'Internal: the customer runs an old ingress chart.';
      await officer.getByRole('tab', { name: 'Internal note' }).click();
      await officer.getByTestId('staff-note-body').fill(noteText);
      await officer.getByTestId('staff-note-submit').click();
      const note = staffTicket.getByTestId('ticket-note').filter({ hasText: noteText });
      await note.waitFor();
      expect(await note.textContent()).toContain('Internal — never shown to the customer');
      expect(await seriousViolations(officer)).toEqual([]);
      await page.reload();
      await page.getByTestId('ticket-message').filter({ hasText: replyText }).waitFor();
      expect(await page.getByText(noteText).count()).toBe(0);
      expect(await page.getByTestId('ticket-note').count()).toBe(0);
    } finally {
      await officer.context().close();
    }
    expect(pageErrors.map(String)).toEqual([]);
  });

  it('a visitor submits on /submit-ticket, confirms from the email, and finds the ticket on /track-ticket', { timeout: 120_000 }, async ({ page, pageErrors }) => {
    page.setDefaultTimeout(15_000);
    const visitor = uniqueAccount('ticket');
    const subject = `Question about VAT ${Date.now().toString(36)}`;
    await page.goto('/submit-ticket');
    await rejectCookies(page);
    const form = page.getByTestId('public-ticket-form');
    await form.getByRole('textbox', { name: 'Your name' }).fill(visitor.name);
    await form.getByRole('textbox', { name: 'Email' }).fill(visitor.email);
    await choose(page, 'Category', 'Billing');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    // A first try with a too-short description is refused in the form, with the reason announced.
    await form.getByRole('textbox', { name: 'Description' }).fill('short');
    await page.getByTestId('public-ticket-submit').click();
    await expect.poll(() => form.getByRole('alert').allTextContents(), POLL).toContain('Describe the problem in at least 10 characters.');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('textbox', { name: 'Description' }).fill('Our invoice shows French VAT although we gave an EU VAT number.');
    await page.getByTestId('public-ticket-submit').click();

    const sent = page.getByTestId('public-ticket-sent');
    await sent.waitFor();
    expect(await sent.textContent()).toContain(visitor.email);
    const reference = (await page.getByTestId('public-ticket-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^KM-T-\d{5,8}$/);

    const link = await waitForMailLink(page, visitor.email, '/track-ticket#confirm=');
    await page.goto(link);
    await page.getByTestId('public-ticket-confirmed').waitFor();
    // The token leaves the address bar at once.
    expect(new URL(page.url()).hash).toBe('');
    const confirmed = page.getByTestId('public-ticket');
    await confirmed.getByRole('heading', { name: subject }).waitFor();
    expect(await confirmed.getByTestId('ticket-reference').textContent()).toBe(reference);
    // Confirmed from the email: a reply can be sent from here.
    await page.getByTestId('public-reply-body').fill('The VAT number is FR00123456789.');
    await page.getByTestId('public-reply-submit').click();
    await confirmed.getByTestId('ticket-message').filter({ hasText: 'The VAT number is FR00123456789.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Later, with only the reference and the email: the thread, read only.
    await page.goto('/track-ticket');
    const track = page.getByTestId('track-form');
    await track.getByRole('textbox', { name: 'Ticket reference' }).fill(reference.toLowerCase());
    await track.getByRole('textbox', { name: 'Email' }).fill(visitor.email);
    await page.getByTestId('track-submit').click();
    const found = page.getByTestId('public-ticket');
    await found.getByRole('heading', { name: subject }).waitFor();
    await found.getByTestId('ticket-message').filter({ hasText: 'The VAT number is FR00123456789.' }).waitFor();
    expect(await page.getByTestId('public-reply-body').count()).toBe(0);

    // A wrong email finds nothing, and says so.
    await track.getByRole('textbox', { name: 'Email' }).fill(`other-${visitor.email}`);
    await page.getByTestId('track-submit').click();
    await expect.poll(() => track.getByRole('alert').count(), POLL).toBeGreaterThan(0);
    expect(pageErrors.map(String)).toEqual([]);
  });
});
