import { expect, test } from './fixtures';
import { loginThroughForm } from './helpers.ts';

// The second server runs with RSA_LOGIN=on: the password must leave the browser encrypted.
test.use({ baseURL: `http://127.0.0.1:${Number(process.env.E2E_PORT || 18_080) + 1}` });

test('RSA login encrypts the password in the browser and logs in', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/default\/login$/i.test(req.url())) sent.push(req.postData() ?? '');
  });
  await loginThroughForm(page, 'admin', 'admin123');
  expect(sent).toHaveLength(1);
  const body = JSON.parse(sent[0]!);
  expect(body.username).toBe('admin');
  expect(body.password).not.toContain('admin123');
  expect(Buffer.from(body.password, 'base64').length % 256).toBe(0);
});
