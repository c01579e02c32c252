import { type Request, expect, test } from '@playwright/test';
import {
  APP_VERSION_LABEL,
  BETA_STATS,
  FOOTER_TAGLINE,
  HERO_PHRASES,
  HERO_ROTATION_MS,
  LANDING_FEATURES,
  MESSAGES,
  PAGE_HEADINGS,
  PAGE_LOAD_FAILED,
  SOCIAL_URL,
  fileIdFromUrl,
} from '@baegen/shared';
import { signIn } from './support/auth';

test('the landing page shows its statistics, features and footer', async ({ page }) => {
  await page.goto('/');
  const stats = page.getByRole('region', { name: 'Beta statistics' });
  for (const stat of BETA_STATS) {
    await expect(stats.getByText(stat.value, { exact: true })).toBeVisible();
    await expect(stats.getByText(stat.label, { exact: true })).toBeVisible();
  }
  for (const feature of LANDING_FEATURES) {
    await expect(page.getByRole('heading', { level: 3, name: feature.title })).toBeVisible();
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(FOOTER_TAGLINE)).toBeVisible();
  await expect(footer.getByText(APP_VERSION_LABEL, { exact: true })).toBeVisible();
  await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
  await expect(footer.locator(`a[href="${SOCIAL_URL}"]`)).toBeVisible();
  await expect(page.getByTestId('hero-cta')).toHaveAttribute('href', '/login');
});

test('the hero phrase changes after 3 s', async ({ page }) => {
  const loaded = Date.now();
  await page.goto('/');
  const phrase = page.getByTestId('hero-phrase');
  await expect(phrase).toHaveText(HERO_PHRASES[0]);
  await expect(phrase).toHaveText(HERO_PHRASES[1], { timeout: HERO_ROTATION_MS + 2_000 });
  // The phrase must not change before its 3 s are up (a little slack for the page load).
  expect(Date.now() - loaded).toBeGreaterThanOrEqual(HERO_ROTATION_MS - 500);
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId('hero-phrase')).toBeVisible();
});

test('/dashboard while logged out lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login to BaeGen' })).toBeVisible();
});

test('navigation clicks while logged out go to /login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the header becomes opaque after scrolling', async ({ page }) => {
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(header).toHaveAttribute('data-opaque', 'false');
  const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-opaque', 'true');
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .not.toBe(transparent);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-opaque', 'false');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    for (const name of ['Dashboard', 'Characters', 'Media']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Select Wallet' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the landing page fits the screen without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero-phrase')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a reload on a client route serves the app', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login to BaeGen' })).toBeVisible();
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/text\/html/);
  await expect(page.getByRole('heading', { name: 'Login to BaeGen' })).toBeVisible();
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('the login page announces the chunks it loads on demand, and the browser uses them', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  const preloaded = [
    ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
  ].map((match) => match[1]!);
  expect(preloaded.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
  const landing = await (await request.get('/')).text();
  expect(landing).not.toContain('modulepreload');

  const fetched = new Set<string>();
  page.on('requestfinished', (finished) => fetched.add(new URL(finished.url()).pathname));
  await page.goto('/login');
  await expect(page.getByTestId('login-card')).toBeVisible();
  // Every announced chunk is one the page really runs, so none is fetched for nothing.
  for (const href of preloaded) expect(fetched).toContain(href);
});

test("a signed-in page announces the chunks of its header, toaster and schemas, draws no loading state first, and loads no other page's code", async ({
  page,
  request,
}) => {
  await signIn(page, 338);
  const html = await (await request.get('/dashboard')).text();
  const preloaded = [
    ...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g),
  ].map((match) => match[1]!);
  // Asked for with the page, not once its first render (or its first answer) has come.
  for (const chunk of ['generation-indicator-slot', 'app-toaster', 'contract-schemas'])
    expect(preloaded.some((href) => href.startsWith(`/assets/${chunk}-`))).toBe(true);

  const fetched = new Set<string>();
  page.on('requestfinished', (finished) => fetched.add(new URL(finished.url()).pathname));
  // Whether the page's loading state is ever drawn: its code is awaited before the first render.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[role="status"][aria-label="Loading"]'))
        document.documentElement.dataset.pageFallbackShown = 'true';
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.dashboard })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.pageFallbackShown)).toBeUndefined();
  await page.waitForLoadState('networkidle');
  for (const href of preloaded) expect(fetched).toContain(href);
  // The code only the other signed-in pages share stays off the first page after sign-in, and so
  // do the chat's schemas.
  for (const chunk of ['member-more', 'chat-schemas'])
    expect([...fetched].filter((path) => path.startsWith(`/assets/${chunk}-`))).toEqual([]);
});

test("the dashboard and the gallery announce their first reads, and the page's own requests take them", async ({
  page,
}) => {
  await signIn(page, 108);
  // The URLs the app itself fetches: each announced read must be one, or it would go unused.
  await page.addInitScript(() => {
    const fetched: string[] = [];
    const original = window.fetch.bind(window);
    Object.assign(window, { fetched });
    window.fetch = (input, init) => {
      fetched.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return original(input, init);
    };
  });
  for (const route of ['/dashboard', '/media']) {
    // page.request carries the browser's session cookie, as the browser's own request does.
    const html = await (await page.request.get(route)).text();
    const reads = [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1]!.replaceAll('&amp;', '&'),
    );
    expect(reads.length, route).toBeGreaterThan(0);
    const onNetwork: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) onNetwork.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    const fetched = await page.evaluate(() => (window as unknown as { fetched: string[] }).fetched);
    for (const read of reads) {
      expect(fetched, `${route} asks for ${read}`).toContain(read);
      expect(
        onNetwork.filter((url) => url === read),
        `${route} fetches ${read} once`,
      ).toHaveLength(1);
    }
  }
});

test('the dashboard, the gallery and the viewer announce the picture they draw largest, which they then show', async ({
  page,
}) => {
  await signIn(page, 109);
  const picture = async (prompt: string) => {
    const generated = await page.request.post('/api/generate/image', { data: { prompt } });
    return ((await generated.json()) as { urls: string[] }).urls[0]!;
  };
  const portrait = await picture('Iris Vale, portrait');
  const character = await page.request.post('/api/characters', {
    data: { name: 'Iris Vale', appearance: 'long dark hair', imageUrl: portrait },
  });
  expect(character.status(), await character.text()).toBe(201);
  const { $id: characterId } = (await character.json()) as { $id: string };
  const photo = await picture('a lighthouse at dusk');
  const media = await page.request.post('/api/media', {
    data: { characterId, type: 'image', prompt: 'The lighthouse at dusk', url: photo },
  });
  expect(media.status(), await media.text()).toBe(201);
  const { $id: mediaId } = (await media.json()) as { $id: string };

  /** The requests for `url`'s file while `route` loads, and the URL its largest picture shows. */
  async function load(route: string, url: string, shown: string) {
    const fileId = fileIdFromUrl(url);
    const pictures: string[] = [];
    const onRequest = (request: Request) => {
      const requested = new URL(request.url());
      if (requested.pathname.startsWith(`/api/files/${fileId}/`))
        pictures.push(requested.pathname + requested.search);
    };
    page.on('request', onRequest);
    await page.goto(route);
    const picture = page.locator(shown).first();
    await expect(picture).toHaveJSProperty('complete', true);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    const drawn = new URL(await picture.evaluate((img: HTMLImageElement) => img.currentSrc));
    return { pictures, drawn: drawn.pathname + drawn.search };
  }

  // The gallery's largest card is its first picture; the dashboard's, its first character's.
  for (const [route, url] of [
    ['/media', photo],
    ['/dashboard', portrait],
  ] as const) {
    const fileId = fileIdFromUrl(url);
    const html = await (await page.request.get(route)).text();
    expect(html, route).toMatch(
      new RegExp(`<link rel="preload" as="image" fetchpriority="high" href="/api/files/${fileId}/preview`),
    );
    const { pictures, drawn } = await load(route, url, `img[srcset*="/api/files/${fileId}/"]`);
    // The preload chose the very preview the card shows: one request, never a second size.
    expect(pictures, route).toEqual([drawn]);
  }

  // The viewer draws its picture whole, over the gallery (whose card of it was loaded above).
  const viewer = `/media/${mediaId}`;
  const html = await (await page.request.get(viewer)).text();
  expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${photo}">`);
  const { pictures, drawn } = await load(viewer, photo, '[data-testid="viewer-stage"] img');
  expect(drawn).toBe(photo);
  expect(pictures.filter((requested) => requested === photo)).toEqual([photo]);
});

test('a page whose code cannot be loaded says so beneath a working header, and Reload brings it', async ({
  page,
}) => {
  // As after a deploy or a dropped connection: the gallery's code does not arrive.
  const galleryCode = /\/assets\/media-page-[\w-]+\.js$/;
  await page.route(galleryCode, (route) => route.abort('failed'));
  await signIn(page, 339);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Media' }).click();
  const alert = page.getByRole('alert').filter({ hasText: PAGE_LOAD_FAILED.title });
  await expect(alert).toContainText(PAGE_LOAD_FAILED.text);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Any other page still draws.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.dashboard })).toBeVisible();
  await page.goBack();
  await expect(alert).toBeVisible();

  await page.unroute(galleryCode);
  await alert.getByRole('button', { name: PAGE_LOAD_FAILED.action }).click();
  await expect(page.getByRole('heading', { name: PAGE_HEADINGS.media })).toBeVisible();
  await expect(page).toHaveURL(/\/media$/);
});

test('a page whose schemas fail to load once still draws its lists: the next request loads them again', async ({
  page,
}) => {
  await signIn(page, 340);
  // As on a dropped connection: the first request for the schemas fails, the next goes through.
  let failed = 0;
  await page.route(/\/assets\/contract-schemas-[\w-]+\.js$/, (route) =>
    failed++ === 0 ? route.abort('failed') : route.continue(),
  );
  await page.reload();
  await expect(page.getByText(MESSAGES.dashboard.noMedia)).toBeVisible();
  await expect(page.getByText(MESSAGES.dashboard.noCharacters)).toBeVisible();
  expect(failed).toBeGreaterThanOrEqual(2);
});

test('Deploy Character says the save failed when the schemas cannot load, and the next press saves', async ({
  page,
}) => {
  await signIn(page, 113);
  const chunk = /\/assets\/contract-schemas-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort('failed'));
  await page.goto('/characters/new');
  await page.getByLabel('Character Name').fill('Ines Varga');
  await page.getByLabel('Appearance Parameters').fill('short black hair, amber eyes');
  const deploy = page.getByRole('button', { name: 'Deploy Character' });
  await deploy.click();
  await expect(page.getByText(MESSAGES.characters.saveFailed)).toBeVisible();
  await expect(deploy).toBeEnabled();

  await page.unroute(chunk);
  await deploy.click();
  await expect(page.getByText(MESSAGES.characters.created)).toBeVisible();
  await expect(page).toHaveURL(/\/characters$/);
});
