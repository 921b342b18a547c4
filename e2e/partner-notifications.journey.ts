/**
 * Partner notifications journey (issue 13), once per language: a distributor writes a notice for its
 * downstream customer, checks the form's messages, publishes it after confirming; the customer finds
 * it unread in its notification centre and reads it; the distributor sets up its insufficient-licence
 * e-mail with a 600x235 banner and its own SMTP server (the test mailbox), sends a test mail that
 * arrives, and sees a refused server's own words. The customer is added through the customers area
 * and its owner accepts the mailed invitation (e2e/partner-steps.ts).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Lang, updateCompanyAccountCall } from '@fleetport/contract';
import { partnerNotifications } from '../packages/web/src/features/partner-notifications/partner-notifications.i18n.ts';
import { signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot, waitForMail } from './harness.ts';
import { callAs } from './operation-steps.ts';
import { addCustomerWithOwner, pngFile } from './partner-steps.ts';

const mailbox = () => {
  const url = process.env.E2E_SMTP_URL;
  assert.ok(url, 'scripts/e2e.mjs passes the test mailbox as E2E_SMTP_URL');
  const { hostname, port } = new URL(url);
  return { host: hostname, port };
};

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = partnerNotifications[lang];
  describe(`partner notifications journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('publishes a notice to a customer, who reads it, and sets up the alert e-mail and mail server', async () => {
      const stamp = `${lang}${Date.now()}`;
      const partner = await newPage({ lang, width: 1440, height: 900 });
      const customer = await newPage({ lang, width: 1440, height: 900 });
      pages.push(partner, customer);
      await signUp(partner.page, `${stamp}p`, 'partner');
      const typed = await callAs(partner.page, updateCompanyAccountCall, { type: 1 }, lang);
      assert.equal(typed.code, 0, typed.msg);
      // Company names are unique: the customer is `Harbour <stamp>c`.
      await addCustomerWithOwner(partner.page, customer.page, lang, {
        name: `Harbour ${stamp}c`,
        ownerEmail: `customer.${stamp}@example.com`,
      });

      // The distributor's notification centre starts empty.
      const { page } = partner;
      await page.goto(consoleUrl('distributorconsole/notificationCenter'));
      await page.getByTestId('notices-page').getByText(t.notices.empty).waitFor();
      await screenshot(page, `partner-notifications-${lang}-01-empty`);

      // A notice for the chosen customer; an empty name is named under its field.
      await page.getByTestId('notice-create').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('notice-form') });
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog
        .getByText(lang === 'en' ? `${t.notices.name} is required field` : `${t.notices.name}为必填项`)
        .waitFor();
      const name = `Harbour maintenance ${stamp}`;
      await page.getByTestId('notice-name').fill(name);
      await page.getByTestId('notice-topic').fill(lang === 'en' ? 'Sunday maintenance' : '周日维护');
      await page
        .getByTestId('notice-content')
        .fill(lang === 'en' ? 'The cloud is down for 30 minutes.' : '云平台将停机30分钟。');
      await page.getByTestId('notice-audience-selected').click();
      await page.getByTestId('notice-customers').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Harbour ${stamp}c` })
        .click();
      await page.keyboard.press('Escape');
      await screenshot(page, `partner-notifications-${lang}-02-editor`);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      const row = page.getByTestId('notices-table').locator('tr', { hasText: name });
      await row.waitFor();

      // Publishing asks first.
      await row.getByRole('button', { name: t.notices.publish }).click();
      await page.getByText(t.notices.publishConfirm.replace('{{name}}', name)).waitFor();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await page.getByText(t.notices.publishedDone).waitFor();
      await row.getByRole('button', { name: t.notices.unpublish }).waitFor();
      await screenshot(page, `partner-notifications-${lang}-03-published`);

      // The customer finds it unread, opens it, and it is read.
      await customer.page.goto(consoleUrl('operation/notificationCenter'));
      const inbox = customer.page.getByTestId('inbox-table');
      const received = inbox.locator('tr', { hasText: name });
      await received.getByText(t.inbox.unreadTag).waitFor();
      await screenshot(customer.page, `partner-notifications-${lang}-04-inbox`);
      await received.getByRole('button', { name }).click();
      await customer.page
        .getByTestId('inbox-notice')
        .getByText(lang === 'en' ? 'The cloud is down' : '云平台将停机')
        .waitFor();
      await screenshot(customer.page, `partner-notifications-${lang}-05-read`);
      await customer.page.getByTestId('inbox-close').click();
      await received.getByText(t.inbox.unreadTag).waitFor({ state: 'detached' });

      // The insufficient-licence e-mail with its banner.
      await page.goto(consoleUrl('distributorconsole/emailNotifications'));
      await page.getByTestId('alert-email-edit-licencesInsufficient').click();
      await page.getByTestId('alert-email-enabled').click();
      await page
        .getByTestId('alert-email-subject')
        .fill(lang === 'en' ? 'Your licences run out' : '您的许可证即将不足');
      await page.getByTestId('alert-email-sender').fill('Harbour Support');
      await page.getByTestId('alert-email-support').fill(`support.${stamp}@example.com`);
      await page.locator('.ant-modal input[type=file]').setInputFiles(pngFile(600, 235, 'banner.png'));
      await page.getByTestId('alert-email-banner').waitFor();
      await screenshot(page, `partner-notifications-${lang}-06-alert-email`);
      await page
        .locator('.ant-modal')
        .filter({ has: page.getByTestId('alert-email-form') })
        .locator('.ant-modal-footer .ant-btn-primary')
        .click();
      await page.getByText(t.emails.saved).waitFor();
      const types = page.getByTestId('alert-emails-table');
      await types.locator('tr', { hasText: 'Harbour Support' }).getByText(t.emails.on).waitFor();

      // Its own mail server: the test mail really goes out through it.
      const { host, port } = mailbox();
      await page.getByTestId('smtp-sender').fill(`alerts.${stamp}@example.com`);
      await page.getByTestId('smtp-host').fill(host);
      await page.getByTestId('smtp-security').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: lang === 'en' ? 'None' : '无',
        })
        .click();
      await page.getByTestId('smtp-port').fill(port);
      await page.getByTestId('smtp-save').click();
      await page.getByText(t.emails.smtp.saved).waitFor();
      const to = `me.${stamp}@example.com`;
      const asked = Date.now();
      await page.getByTestId('smtp-test-to').fill(to);
      await page.getByTestId('smtp-test').click();
      await page
        .getByTestId('smtp-test-result')
        .getByText(t.emails.smtp.testSent.replace('{{to}}', to))
        .waitFor();
      const mail = await waitForMail({ to, after: asked });
      assert.match(mail.subject, /Harbour/);

      // A server that refuses: its own words are shown.
      await page.getByTestId('smtp-port').fill('1');
      await page.getByTestId('smtp-test').click();
      await page
        .getByTestId('smtp-test-result')
        .getByText(/ECONNREFUSED/)
        .waitFor();
      await screenshot(page, `partner-notifications-${lang}-07-smtp`);
    });
  });
}
