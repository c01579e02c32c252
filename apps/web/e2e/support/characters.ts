import { type Page, expect } from '@playwright/test';
import type { Character } from '@baegen/shared';

/** Creates a character through the API, for the user signed in on `page`. */
export async function createCharacter(page: Page, name: string, appearance: string): Promise<Character> {
  const res = await page.request.post('/api/characters', { data: { name, appearance } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Character;
}

/** Creates a character through the form of /characters/new and waits for the list it leads to. */
export async function deployCharacter(page: Page, name: string, appearance: string) {
  await page.goto('/characters/new');
  await page.getByLabel('Character Name').fill(name);
  await page.getByLabel('Appearance Parameters').fill(appearance);
  await page.getByRole('button', { name: 'Deploy Character' }).click();
  await expect(page).toHaveURL(/\/characters$/);
}
