import { describe, expect, it, vi } from 'vitest';
import { assertPublicLiteral, isPublicAddress, publicAddresses } from './public-host';

const refused = { statusCode: 400, code: 'INVALID_SUBJECT' };

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::8.8.8.8', 'IPv4-compatible, refused whole'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped metadata, long form'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
    ['64:ff9b:1::808:808', 'local-use NAT64, refused whole'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:a00:1::', '6to4 private'],
    ['2002:c0a8:101::1', '6to4 private'],
    ['2002:a9fe:a9fe::', '6to4 metadata'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['not an address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '223.255.255.254',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2400:cb00::1',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicLiteral', () => {
  it.each([
    'https://127.0.0.1/a.png',
    'https://127.1/a.png',
    'https://2130706433/a.png',
    'https://0x7f.0.0.1/a.png',
    'https://0.0.0.0/a.png',
    'https://10.1.2.3/a.png',
    'https://192.168.0.5/a.png',
    'https://100.64.0.1/a.png',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/a.png',
    'https://[::127.0.0.1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://[64:ff9b::127.0.0.1]/a.png',
    'https://[2002:7f00:1::]/a.png',
    'https://[fd00::1]/a.png',
    'https://localhost/a.png',
    'https://LOCALHOST./a.png',
    'https://app.localhost/a.png',
  ])('refuses %s', (url) => {
    expect(() => assertPublicLiteral(url)).toThrow(expect.objectContaining(refused));
  });

  it.each(['https://93.184.215.14/a.png', 'https://[2606:4700::1]/a.png', 'https://images.example/a.png'])(
    'lets %s through (names are resolved when fetched)',
    (url) => {
      expect(() => assertPublicLiteral(url)).not.toThrow();
    },
  );
});

describe('publicAddresses', () => {
  it('answers every address of a public name, from one lookup', async () => {
    const resolve = vi.fn(async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    await expect(publicAddresses(new URL('https://images.example/a.png'), { resolve })).resolves.toHaveLength(
      2,
    );
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('images.example');
  });

  it('refuses a name when any one of its addresses is not public', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(publicAddresses(new URL('https://mixed.example/'), { resolve })).rejects.toMatchObject(
      refused,
    );
  });

  it('refuses a name that does not resolve', async () => {
    const resolve = async () => Promise.reject(new Error('ENOTFOUND'));
    await expect(publicAddresses(new URL('https://nowhere.example/'), { resolve })).rejects.toMatchObject(
      refused,
    );
    await expect(
      publicAddresses(new URL('https://empty.example/'), { resolve: async () => [] }),
    ).rejects.toMatchObject(refused);
  });

  it('checks a literal address without any lookup', async () => {
    const resolve = vi.fn(async () => []);
    await expect(publicAddresses(new URL('https://[::ffff:a00:1]/'), { resolve })).rejects.toMatchObject(
      refused,
    );
    await expect(publicAddresses(new URL('https://8.8.8.8/'), { resolve })).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
    ]);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('asks the system resolver by default: localhost is loopback', async () => {
    await expect(publicAddresses(new URL('https://localhost/'))).rejects.toMatchObject(refused);
  });
});
