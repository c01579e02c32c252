import { describe, expect, it } from 'vitest';
import { assertPublicHost } from './public-host';

describe('assertPublicHost', () => {
  it.each([
    'https://127.0.0.1/a.png',
    'https://10.1.2.3/a.png',
    'https://192.168.0.5/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://localhost/a.png',
  ])('refuses %s', async (url) => {
    await expect(assertPublicHost(url)).rejects.toMatchObject({ statusCode: 400, code: 'INVALID_SUBJECT' });
  });

  it('allows a public address', async () => {
    await expect(assertPublicHost('https://93.184.215.14/a.png')).resolves.toBeUndefined();
  });
});
