import { expect, test } from '@playwright/test';
import { type Character, SAMPLE_VIDEO_URL } from '@baegen/shared';
import { signIn } from './support/auth';
import { watchViolations } from './support/csp';

// A wallet of its own, so the records made here stay out of the other specs' counts.
const WALLET_SEED = 83;

test('the built app runs under its Content-Security-Policy with zero violations', async ({ page }) => {
  const expectNone = await watchViolations(page);

  const landing = await page.goto('/');
  const policy = landing?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await expect(page.getByTestId('hero-phrase')).toBeVisible();
  await expectNone('/');

  // /login, the wallet dialog, the signature and the success toast, then /dashboard.
  await signIn(page, WALLET_SEED);
  await expectNone('/login to /dashboard');

  const res = await page.request.post('/api/characters', {
    data: { name: 'Iris Policy', appearance: 'auburn braid, green eyes' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const character = (await res.json()) as Character;
  for (const media of [
    { type: 'image', url: character.imageUrl },
    { type: 'video', url: SAMPLE_VIDEO_URL },
  ]) {
    const made = await page.request.post('/api/media', {
      data: { characterId: character.$id, prompt: `A ${media.type} under the policy`, ...media },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  for (const path of ['/dashboard', '/characters', '/media', '/media/new']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNone(path);
  }
  await page.goto('/media');
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await expectNone('/media with a playing video');

  // A download fetches the file and hands the browser a blob: link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download A image under the policy' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  await expectNone('a download');
});
