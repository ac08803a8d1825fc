import type { Page } from 'playwright-core';

/** On the buy page: waits for the currencies to load, then picks `code` in the Currency picker. */
export async function chooseCurrency(page: Page, code: string) {
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>('input[role="combobox"]');
    return input !== null && !input.disabled;
  });
  await page.getByRole('combobox', { name: 'Currency' }).fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}`) }).click();
}
