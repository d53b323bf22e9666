import { expect, type Page } from '@playwright/test';

// Runs inside the page; the server's type settings have no DOM library.
declare const localStorage: { getItem(key: string): string | null };

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  await login(page, username, password);
  await expect(page).toHaveURL(/#\/index$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
