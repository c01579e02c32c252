import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PagePicture, previewSources } from '@baegen/shared/contract';
import { jsonDataBlock, routePages } from './route-pages';

const INDEX = Buffer.from('<html><head><title>BaeGen</title></head><body></body></html>');

function distWith(
  table: Record<string, string[]> | null,
  reads?: Record<string, string[]>,
  pictures?: Record<string, PagePicture>,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baegen-dist-'));
  if (table) fs.writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(table));
  if (reads) fs.writeFileSync(path.join(dir, 'route-reads.json'), JSON.stringify(reads));
  if (pictures) fs.writeFileSync(path.join(dir, 'route-pictures.json'), JSON.stringify(pictures));
  return dir;
}

describe('route pages', () => {
  const { pageFor } = routePages(
    distWith({
      '/login': ['/assets/shell-a.js', '/assets/login-b.js'],
      '/characters/edit/:id': ['/assets/shell-a.js', '/assets/form-c.js'],
    }),
    INDEX,
  );

  it("announces a route's chunks as modulepreload links in the head", () => {
    expect(pageFor('/login').toString()).toBe(
      '<html><head><title>BaeGen</title>' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shell-a.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-b.js">' +
        '</head><body></body></html>',
    );
  });

  it('matches parameters, a trailing slash and a query string', () => {
    for (const url of ['/characters/edit/abc123', '/characters/edit/abc123/', '/characters/edit/x?tab=1']) {
      expect(pageFor(url).toString()).toContain('href="/assets/form-c.js"');
    }
    expect(pageFor('/characters/edit/a/b').toString()).toBe(INDEX.toString());
  });

  it("prefers a static path to a parameter's match, whatever the table's order", () => {
    const media = routePages(
      distWith({ '/media/:id': ['/assets/viewer-d.js'], '/media/new': ['/assets/form-c.js'] }),
      INDEX,
    ).pageFor;
    expect(media('/media/new').toString()).toContain('href="/assets/form-c.js"');
    expect(media('/media/new').toString()).not.toContain('viewer-d.js');
    expect(media('/media/abc123?type=video').toString()).toContain('href="/assets/viewer-d.js"');
  });

  it('sends index.html as it is for other paths and for a build without the table', () => {
    expect(pageFor('/').toString()).toBe(INDEX.toString());
    expect(pageFor('/login-other').toString()).toBe(INDEX.toString());
    expect(routePages(distWith(null), INDEX).pageFor('/login').toString()).toBe(INDEX.toString());
  });

  it("announces a signed-in page's first reads after its chunks, for its path alone", () => {
    const withReads = routePages(
      distWith(
        { '/dashboard': ['/assets/dash-e.js'], '/media/:id': ['/assets/viewer-d.js'] },
        { '/dashboard': ['/api/media/stats', '/api/media?limit=6&sort=oldest'] },
      ),
      INDEX,
    ).pageFor;
    const reads =
      '<link rel="preload" as="fetch" crossorigin href="/api/media/stats">' +
      '<link rel="preload" as="fetch" crossorigin href="/api/media?limit=6&amp;sort=oldest">';
    const chunk = '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/dash-e.js">';
    for (const url of ['/dashboard', '/dashboard/']) {
      expect(withReads(url, true).toString(), url).toBe(
        INDEX.toString().replace('</head>', `${chunk}${reads}</head>`),
      );
    }
    // Signed out, or with a query that changes what the page reads: the chunks alone.
    for (const [url, signedIn] of [
      ['/dashboard', false],
      ['/dashboard?sort=oldest', true],
    ] as const) {
      expect(withReads(url, signedIn).toString(), url).toBe(
        INDEX.toString().replace('</head>', `${chunk}</head>`),
      );
    }
    expect(withReads('/media/abc', true).toString()).not.toContain('rel="preload"');
  });

  it('finds the picture a signed-in page draws largest, by the route it is of', () => {
    const sizes = '(min-width: 640px) 30vw, calc(100vw - 2rem)';
    const pages = routePages(
      distWith(
        { '/dashboard': [], '/media': [], '/media/:id': [], '/media/new': [], '/characters': [] },
        { '/dashboard': ['/api/media/stats'] },
        {
          '/dashboard': { list: 'characters', sizes },
          '/media/:id': { item: 'media' },
          '/settings': { list: 'media', sizes },
        },
      ),
      INDEX,
    ).pictureFor;
    expect(pages('/dashboard')).toEqual({ list: 'characters', sizes });
    expect(pages('/dashboard/')).toEqual({ list: 'characters', sizes });
    // A query changes a list's first card; the viewer's picture is its path's.
    expect(pages('/dashboard?sort=oldest')).toBeNull();
    expect(pages('/media/a%20b?type=image')).toEqual({ item: 'media', id: 'a b' });
    // '/media/new' is the form's route, not an item's; other routes draw no picture of the table.
    for (const url of ['/media/new', '/media', '/characters', '/settings', '/media/a/b', '/media/%E0%A4%A']) {
      expect(pages(url), url).toBeNull();
    }
  });

  it('announces a picture found for a signed-in page, sized as its card when it has previews', () => {
    const sizes = '(min-width: 640px) 30vw, calc(100vw - 2rem)';
    const pages = routePages(
      distWith(
        { '/dashboard': [], '/media/:id': ['/assets/viewer-d.js'] },
        { '/dashboard': ['/api/media/stats'] },
        { '/dashboard': { list: 'characters', sizes }, '/media/:id': { item: 'media' } },
      ),
      INDEX,
    );
    const preview = (width: number) => `/api/files/f_1/preview?width=${width}&amp;output=webp`;
    const previews = { ...previewSources('/api/files/f_1/view')!, sizes };
    expect(pages.pageFor('/dashboard', true, previews).toString()).toBe(
      INDEX.toString().replace(
        '</head>',
        '<link rel="preload" as="fetch" crossorigin href="/api/media/stats">' +
          `<link rel="preload" as="image" fetchpriority="high" href="${preview(480)}" ` +
          `imagesrcset="${preview(320)} 320w, ${preview(480)} 480w, ${preview(720)} 720w" ` +
          `imagesizes="${sizes}"></head>`,
      ),
    );
    expect(pages.pageFor('/media/f_1?q=a', true, { src: '/api/files/f_1/view?x=1&y="2"' }).toString()).toBe(
      INDEX.toString().replace(
        '</head>',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/viewer-d.js">' +
          '<link rel="preload" as="image" fetchpriority="high" href="/api/files/f_1/view?x=1&amp;y=&quot;2&quot;"></head>',
      ),
    );
    // Signed out, the page of everyone: no reads, no picture.
    expect(pages.pageFor('/dashboard', false, previews).toString()).toBe(INDEX.toString());
  });

  it("puts what every page carries in every page's head, preloads or none", () => {
    const head = '<meta name="x">';
    const withHead = routePages(distWith({ '/login': ['/assets/login-b.js'] }), INDEX, head).pageFor;
    expect(withHead('/').toString()).toBe(INDEX.toString().replace('</head>', `${head}</head>`));
    expect(withHead('/login').toString()).toMatch(/<meta name="x"><link rel="modulepreload"[^>]+><\/head>/);
    expect(routePages(distWith(null), INDEX, head).pageFor('/login').toString()).toContain(`${head}</head>`);
  });
});

describe('JSON data block', () => {
  it('holds the value as JSON that no string inside can break out of', () => {
    const block = jsonDataBlock('cfg', { note: '</script><script>alert(1)</script>', n: 1 });
    expect(block).toBe(
      '<script type="application/json" id="cfg">' +
        '{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","n":1}</script>',
    );
    const json = block.slice(block.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(json)).toEqual({ note: '</script><script>alert(1)</script>', n: 1 });
  });
});
